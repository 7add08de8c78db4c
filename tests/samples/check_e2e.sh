#!/bin/sh
# The samples runner on toy_fwd: a PASS, a FAIL that names the missing frame, and a SKIP
# that names softdpa's refusal; then the summary line and exit status 1 (a failure).
# Usage: check_e2e.sh PYTHON RUNNER TREE BIN_DIR
out=$("$1" "$2" --bin-dir "$4" "$3" toy_fwd); rc=$?
printf '%s\n' "$out"
fail() { echo "check_e2e: $*" >&2; exit 1; }
printf '%s\n' "$out" | grep -qx 'PASS toy_fwd forward' || fail "no PASS for 'forward'"
printf '%s\n' "$out" | grep -q '^FAIL toy_fwd expects too much: port 1: expected Ether / IP / UDP .*got 1 of 2' ||
	fail "no FAIL naming the missing UDP frame"
printf '%s\n' "$out" | grep -qx 'SKIP toy_fwd refused: doca_flow_crypto_psp_master_key_rotate is not supported by softdpa (.*)' ||
	fail "no SKIP naming doca_flow_crypto_psp_master_key_rotate"
printf '%s\n' "$out" | tail -1 | grep -qx '1 passed, 1 failed, 1 skipped' || fail "wrong summary"
[ "$rc" = 1 ] || fail "exit status $rc, expected 1"
