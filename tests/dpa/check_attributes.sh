#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Usage: check_attributes.sh ATTRIBUTES2BLOB DPACC KERNEL_SOURCE
# dpa-app-attributes2blob turns DOCA's attributes YAML (as NVIDIA's samples write it) into a
# blob and back, and refuses what DOCA's tool refuses; softdpa-dpacc accepts the blob with
# --dpa-proc-attr and fails loudly on a missing or corrupt one.
a2b=$1 dpacc=$2 src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# expect_fail WHAT TEXT CMD...: CMD must exit 1 and say TEXT on stderr.
expect_fail() {
	what=$1 text=$2
	shift 2
	"$@" >"$tmp/out" 2>&1 && fail "$what: accepted"
	grep -q "$text" "$tmp/out" || { cat "$tmp/out"; fail "$what: message lacks '$text'"; }
	echo "ok   $what"
}

# NVIDIA's samples: an indented Feature_list, empty or with a flag, comments around it.
printf '#\n# header comment\n#\n Feature_list:\n# no attributes\n' >"$tmp/empty.yaml"
printf ' Feature_list:\n  Generating_Empty_CQE: true' >"$tmp/cqe.yaml"
"$a2b" "$tmp/empty.yaml" "$tmp/empty.blob" || fail "empty Feature_list refused"
"$a2b" --yaml2bin --blob-size 16 "$tmp/cqe.yaml" "$tmp/cqe.blob" || fail "Feature_list refused"
[ "$(wc -c <"$tmp/cqe.blob")" -eq 32 ] || fail "--blob-size 16 did not give 16 bytes of bits"
"$a2b" --bin2yaml "$tmp/cqe.blob" "$tmp/back.yaml" || fail "bin2yaml refused its own blob"
grep -q '^  Generating_Empty_CQE: true$' "$tmp/back.yaml" || fail "round trip lost the flag"
"$a2b" --bin2yaml "$tmp/empty.blob" "$tmp/back2.yaml" || fail "bin2yaml refused the empty blob"
grep -q '^  Generating_Empty_CQE: false$' "$tmp/back2.yaml" || fail "unset flag is not false"
printf 'Feature_list:\n  Generating_Empty_CQE: off\n' >"$tmp/off.yaml"
"$a2b" "$tmp/off.yaml" "$tmp/off.blob" && cmp -s "$tmp/off.blob" "$tmp/empty.blob" ||
	fail "'off' is not false"
echo "ok   yaml2bin / bin2yaml round trips"

printf 'Feature_list:\n  Bogus_Feature: true\n' >"$tmp/bogus.yaml"
expect_fail "unknown feature" "unknown feature 'Bogus_Feature'" "$a2b" "$tmp/bogus.yaml" "$tmp/x"
printf 'Other:\n' >"$tmp/top.yaml"
expect_fail "unknown top-level key" "unknown top-level key 'Other'" "$a2b" "$tmp/top.yaml" "$tmp/x"
printf 'Feature_list:\n  Generating_Empty_CQE: maybe\n' >"$tmp/val.yaml"
expect_fail "non-boolean value" "not a boolean" "$a2b" "$tmp/val.yaml" "$tmp/x"
printf '# nothing\n' >"$tmp/none.yaml"
expect_fail "no Feature_list" "no Feature_list" "$a2b" "$tmp/none.yaml" "$tmp/x"
expect_fail "missing input" "cannot read" "$a2b" "$tmp/nonexistent.yaml" "$tmp/x"
"$a2b" --blob-size 6 "$tmp/cqe.yaml" "$tmp/x" 2>/dev/null
[ $? -eq 2 ] || fail "--blob-size 6 is not a usage error"
head -c 20 "$tmp/cqe.blob" >"$tmp/short.blob"
expect_fail "truncated blob" "corrupt" "$a2b" --bin2yaml "$tmp/short.blob" "$tmp/x"
# A set bit no feature owns: an error by default, a warning with --notification.
python3 - "$tmp/cqe.blob" "$tmp/extra.blob" <<'PY'
import struct, sys, zlib
d = bytearray(open(sys.argv[1], "rb").read())
d[16] |= 0x80
d[12:16] = struct.pack("<I", zlib.crc32(bytes(d[16:])))
open(sys.argv[2], "wb").write(d)
PY
expect_fail "unowned bit" "no feature owns" "$a2b" --bin2yaml "$tmp/extra.blob" "$tmp/x"
"$a2b" --bin2yaml --notification "$tmp/extra.blob" "$tmp/x" 2>/dev/null ||
	fail "--notification made an unowned bit an error"
echo "ok   invalid inputs refused"

# softdpa-dpacc: the blob is accepted, a missing, truncated or altered one refused.
build() { "$dpacc" "$src" -o "$tmp/app.a" --app-name=attr_app -mcpu=nv-dpa-bf3,nv-dpa-cx7 "$@"; }
build --dpa-proc-attr="$tmp/cqe.blob" >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "dpacc refused a valid blob"; }
echo "ok   softdpa-dpacc accepts the blob"
expect_fail "dpacc: missing blob" "cannot read" build --dpa-proc-attr="$tmp/none.blob"
expect_fail "dpacc: truncated blob" "corrupt" build --dpa-proc-attr="$tmp/short.blob"
cp "$tmp/cqe.blob" "$tmp/flip.blob"
printf '\001' | dd of="$tmp/flip.blob" bs=1 seek=20 conv=notrunc 2>/dev/null
expect_fail "dpacc: altered blob" "checksum" build --dpa-proc-attr="$tmp/flip.blob"
expect_fail "dpacc: not a blob" "not a softdpa attribute blob" build --dpa-proc-attr="$tmp/cqe.yaml"
expect_fail "dpacc: bad -mcpu" "not a DPA target" "$dpacc" "$src" -o "$tmp/app.a" --app-name=attr_app -mcpu=x86-64
echo "PASS"
