#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Usage: check_dpacc_rejects.sh DPACC SOURCE SYMBOL OUTPUT [TEXT]
# Passes when softdpa-dpacc fails on SOURCE with a message naming SYMBOL and the source
# file (and containing TEXT, when given), and leaves no OUTPUT behind.
dpacc=$1 src=$2 sym=$3 out=$4 text=${5:-}
rm -f "$out"
msg=$("$dpacc" "$src" -o "$out" --app-name=bad_app -mcpu=nv-dpa-bf3 2>&1)
rc=$?
echo "$msg"
[ "$rc" -ne 0 ] || { echo "FAIL: softdpa-dpacc accepted $src (exit 0)"; exit 1; }
echo "$msg" | grep -q "uses '$sym'" || { echo "FAIL: message does not name '$sym'"; exit 1; }
echo "$msg" | grep -q "$(basename "$src")" || { echo "FAIL: message does not name $(basename "$src")"; exit 1; }
[ -z "$text" ] || echo "$msg" | grep -q "$text" || { echo "FAIL: message lacks '$text'"; exit 1; }
[ ! -e "$out" ] || { echo "FAIL: $out was produced"; exit 1; }
echo "PASS: $sym rejected with exit $rc"
