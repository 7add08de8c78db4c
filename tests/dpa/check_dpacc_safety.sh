#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# softdpa-dpacc is safe with what it writes and what it is given: it refuses an output that
# is an input, a directory or not a regular file (a device node, a FIFO), replaces a
# regular file by rename (mode from the umask), builds sources whose paths hold '"', '\'
# or a newline, and every refusal is one "softdpa-dpacc: error:" line, never a traceback.
#
# usage: check_dpacc_safety.sh DPACC KERNEL.c
dpacc=$1 kernel=$2
w=$(mktemp -d) || exit 1
trap 'rm -rf "$w"' EXIT
n=0
bad() { echo "FAIL: $*"; n=$((n + 1)); }

# refuse CASE TEXT -- ARGS: softdpa-dpacc must fail with one error line holding TEXT.
refuse() {
	what=$1 text=$2
	shift 3
	"$dpacc" "$@" >"$w/out" 2>"$w/err"
	rc=$?
	[ "$rc" -ne 0 ] || bad "$what: accepted (exit 0)"
	grep -q Traceback "$w/err" && bad "$what: a Python traceback"
	[ "$(grep -c . "$w/err")" -eq 1 ] || { bad "$what: not one line"; cat "$w/err"; }
	grep -q "^softdpa-dpacc: error: .*$text" "$w/err" || { bad "$what: no '$text'"; cat "$w/err"; }
	echo "ok: $what: $(cat "$w/err")"
}

cp "$kernel" "$w/k.c"
cp "$w/k.c" "$w/k.orig"
refuse "-o is the input" "is the input" -- "$w/k.c" -o "$w/k.c" --app-name=a
cmp -s "$w/k.c" "$w/k.orig" || bad "-o is the input: the input was changed"
mkdir "$w/dir"
refuse "-o is a directory" "is a directory" -- "$w/k.c" -o "$w/dir" --app-name=a
mkfifo "$w/fifo"
refuse "-o is a FIFO" "not a regular file" -- "$w/k.c" -o "$w/fifo" --app-name=a
[ -p "$w/fifo" ] || bad "-o is a FIFO: the FIFO was replaced or removed"
refuse "-o in a missing directory" "does not exist" -- "$w/k.c" -o "$w/nodir/lib.a" --app-name=a
refuse "over-long --app-name" "at most 200" -- "$w/k.c" -o "$w/lib.a" \
	--app-name="$(printf 'a%.0s' $(seq 1 300))"
mkdir "$w/src.c"
refuse "source is a directory" "is a directory, not a C source" -- "$w/src.c" -o "$w/lib.a" --app-name=a
refuse "source is missing" "no such file" -- "$w/none.c" -o "$w/lib.a" --app-name=a
[ -e "$w/lib.a" ] && bad "a refused build left $w/lib.a"

# A regular output is replaced by rename, with the umask's mode.
echo old >"$w/lib.a"
chmod 0600 "$w/lib.a"
(umask 022 && "$dpacc" "$w/k.c" -o "$w/lib.a" --app-name=a) || bad "regular -o: failed"
[ "$(head -c 7 "$w/lib.a")" = '!<arch>' ] || bad "regular -o: not replaced by an archive"
[ "$(stat -c %a "$w/lib.a")" = 644 ] || bad "regular -o: mode $(stat -c %a "$w/lib.a"), not 644"
(umask 077 && "$dpacc" "$w/k.c" -o "$w/lib.a" --app-name=a) || bad "umask 077: failed"
[ "$(stat -c %a "$w/lib.a")" = 600 ] || bad "umask 077: mode $(stat -c %a "$w/lib.a"), not 600"
ls -a "$w" | grep -q '\.tmp$' && bad "a temporary file was left behind"

# Paths with '"', '\' and a newline: the source and its same-directory header build.
q="$w/q\"uo\\te
d"
mkdir "$q"
printf '#define Q_VALUE 7\n' >"$q/q_hdr.h"
printf '#include <doca_dpa_dev.h>\n#include "q_hdr.h"\n__dpa_global__ void qk(uint64_t x)\n{\n\t(void)(x + Q_VALUE);\n}\n' >"$q/q k.c"
"$dpacc" "$q/q k.c" -o "$q/lib q.a" --app-name=q_app 2>"$w/err" || { bad "quoted paths: failed"; cat "$w/err"; }
[ -s "$q/lib q.a" ] || bad "quoted paths: no library"
exit $n
