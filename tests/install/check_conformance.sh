#!/usr/bin/env bash
# scripts/conformance.sh on a small samples tree of our own, shaped like NVIDIA's release
# (samples/doca_flow/<name>/meson.build.public, a shared helper one level up, a helper
# directory without a public build file): one sample that builds, one that does not, a
# relative work directory. Checks the verdict lines, the closing line and the exit code.
# usage: check_conformance.sh BUILD_DIR PREFIX SRC_DIR
set -eu
build=$1 prefix=$2 src=$3
top=$(cd "$src/../.." && pwd)
tmp=$(mktemp -d /tmp/softdpa-conf-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

meson install -C "$build" --no-rebuild --destdir "$tmp/dest" --quiet >/dev/null
root="$tmp/dest$prefix"

rel=samples-tree
s=$tmp/$rel
mkdir -p "$s/samples/doca_flow/flow_good" "$s/samples/doca_flow/flow_bad" \
	"$s/samples/doca_flow/dependencies"
echo 1.0.0 >"$s/VERSION"
cat >"$s/samples/doca_flow/common_part.c" <<'C'
#include <doca_error.h>
int common_part(void) { return DOCA_SUCCESS; }
C
for n in flow_good flow_bad; do
	cat >"$s/samples/doca_flow/$n/meson.build.public" <<M
project('S', 'c', version : run_command('cat', files('../../../VERSION'), check : true).stdout().strip())
executable('doca_$n', ['main.c', '../common_part.c'],
  dependencies : [dependency('doca-common'), dependency('doca-flow'), dependency('doca-argp')])
M
done
echo "project('not a sample', 'c')" >"$s/samples/doca_flow/dependencies/meson.build"
cat >"$s/samples/doca_flow/flow_good/main.c" <<'C'
#include <doca_flow.h>
int common_part(void);
int main(void) { struct doca_flow_cfg *cfg = NULL; (void)cfg; return common_part(); }
C
cat >"$s/samples/doca_flow/flow_bad/main.c" <<'C'
#include <doca_flow.h>
int main(void) { int unused; return 0; }
C
chmod -R a-w "$s"

cd "$tmp"
set +e
out=$(bash "$top/scripts/conformance.sh" -s "$rel" -p "$root" -w work -j 2 2>&1)
rc=$?
set -e
chmod -R u+w "$s"
echo "$out"
[ $rc -ne 0 ] || fail "exit code 0 with a failing sample"
echo "$out" | grep -qx 'PASS flow_good' || fail "flow_good not reported as PASS"
echo "$out" | grep -q '^FAIL flow_bad: .*unused' || fail "flow_bad's first error (unused variable) not reported"
echo "$out" | grep -q 'dependencies' && fail "a directory without meson.build.public was taken for a sample"
echo "$out" | tail -n 1 | grep -qx 'conformance: 1 passed, 1 failed' || fail "closing line"
[ -x work/build/flow_good/doca_flow_good ] || fail "binary not under the relative work directory"
out=$(bash "$top/scripts/conformance.sh" -s "$rel" -p "$root" -w work flow_good) ||
	fail "building one named sample failed: $out"
echo "$out" | tail -n 1 | grep -qx 'conformance: 1 passed, 0 failed' || fail "one named sample"
if bash "$top/scripts/conformance.sh" -s "$rel" -p "$root" -w work no_such_sample >/dev/null 2>&1; then
	fail "an unknown sample name was accepted"
fi
echo "conformance tool: ok"
