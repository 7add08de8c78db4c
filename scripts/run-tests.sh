#!/usr/bin/env bash
# Run a meson test suite and close with one line "N passed, N failed[, N skipped]".
# Counts individual cmocka test cases; a test program that is not cmocka counts as one.
# usage: scripts/run-tests.sh BUILD_DIR [LABEL] [meson test args...]
set -u
dir=${1:?build dir}
label=${2:-}
shift; [ $# -gt 0 ] && shift

meson test -C "$dir" --print-errorlogs --num-processes 2 "$@"
rc=$?

digest="$dir/meson-logs/failure-digest.txt"
summary=$(python3 - "$dir/meson-logs/testlog.json" "$digest" <<'PY'
import json, re, sys
passed = failed = skipped = 0
failures = []
# What a reader of a truncated CI log needs to see at its end: for each failing
# program, the failing cases, assertion and sanitizer lines, and its last lines.
KEY = re.compile(r"^\[  (FAILED|ERROR) |^\[   LINE   \]|runtime error|"
                 r"ERROR: (Address|Leak|Thread|UndefinedBehavior)Sanitizer|^SUMMARY: |"
                 r"WARNING: ThreadSanitizer|TRACE CHECK FAILED|Assertion|error:")
digest = []

def note_failure(t, res, out):
    failures.append(t["name"])
    text = (out + "\n" + (t.get("stderr") or "")).splitlines()
    key = [l for l in text if KEY.search(l)][:20]
    digest.append("--- %s (%s, exit %s)" % (t["name"], res, t.get("returncode")))
    digest.extend("  " + l[:300] for l in key)
    digest.append("  last lines:")
    digest.extend("  " + l[:300] for l in text[-12:])

try:
    lines = open(sys.argv[1]).read().splitlines()
except OSError:
    lines = []
for line in lines:
    if not line.strip():
        continue
    t = json.loads(line)
    res, out = t.get("result"), t.get("stdout") or ""
    ok = len(re.findall(r"^\[       OK \]", out, re.M))
    # A failed case is named twice (as it ends and in the closing list), and
    # "[  ERROR   ] --- ..." lines carry the assertion, not a name: count names once.
    bad = len(set(re.findall(r"^\[  (?:FAILED|ERROR) +\] ([A-Za-z_]\w*)\s*$", out, re.M)))
    skip = len(set(re.findall(r"^\[  SKIPPED \] ([A-Za-z_]\w*)\s*$", out, re.M)))
    if res == "SKIP":
        skipped += max(1, skip)
        continue
    if ok + bad + skip == 0:                 # not a cmocka program
        if res in ("OK", "EXPECTEDFAIL"):
            passed += 1
        else:
            failed += 1; note_failure(t, res, out)
        continue
    passed += ok; skipped += skip
    if res not in ("OK", "EXPECTEDFAIL") and bad == 0:
        bad = 1                               # crashed, timed out, or sanitizer exit
    failed += bad
    if bad:
        note_failure(t, res, out)
for f in failures:
    print("FAILED: " + f)
with open(sys.argv[2], "w") as f:
    f.write("\n".join(digest[:200]) + ("\n" if digest else ""))
line = f"{passed} passed, {failed} failed"
if skipped:
    line += f", {skipped} skipped"
print(line)
PY
)
echo
echo "$summary" | grep '^FAILED' || true
[ -s "$digest" ] && { echo "What the failing tests printed (also in $digest):"; cat "$digest"; }
final=$(echo "$summary" | tail -n 1)
[ -n "$label" ] && echo "$label: $final" || echo "$final"
exit $rc
