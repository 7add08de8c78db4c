#!/bin/sh
# scripts/ninja-progress.sh (make build/install/demo): one summary line when all is built,
# ninja's whole output and its status on a failure, and on a terminal a progress line
# redrawn in place (a pty from python stands in for the terminal).
# Usage: check_ninja_progress.sh SCRIPT
set -u
P=$1; d=$(mktemp -d); n=0
cat > "$d/build.ninja" <<'NINJA'
rule ok
  command = touch $out
  description = Compiling C object $out
rule bad
  command = echo "x.c:1: error: boom" && false
  description = Compiling C object $out
build a: ok
build b: ok
build all: phony a b
build fail: bad
default all
NINJA
out=$(bash "$P" "$d"); test "$out" = "built $d (2 steps)" || { echo "first build: '$out'"; n=$((n+1)); }
out=$(bash "$P" "$d"); test "$out" = "built $d (up to date)" || { echo "no-op build: '$out'"; n=$((n+1)); }
bash "$P" "$d" fail >"$d/out" 2>&1; rc=$?
test $rc -ne 0 && grep -q 'x.c:1: error: boom' "$d/out" && grep -q "^build failed in $d" "$d/out" ||
	{ echo "failure not shown (exit $rc):"; cat "$d/out"; n=$((n+1)); }
rm -f "$d/a" "$d/b"
python3 - "$P" "$d" <<'PY' || n=$((n+1))
import os, pty, subprocess, sys
m, s = pty.openpty()
p = subprocess.Popen(["bash", sys.argv[1], sys.argv[2]], stdout=s, stderr=s)
os.close(s)
raw = b""
while True:
    try:
        b = os.read(m, 4096)
    except OSError:
        break
    if not b:
        break
    raw += b
p.wait()
t = raw.decode()
assert "\r\x1b[Kbuilding: [1/2] Compiling C object" in t, repr(t)
assert t.endswith("\r\x1b[Kbuilt %s (2 steps)\r\n" % sys.argv[2]), repr(t)
assert "ninja: Entering directory" not in t, repr(t)
PY
rm -rf "$d"; exit $n
