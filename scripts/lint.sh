#!/usr/bin/env bash
# make lint: the checks that keep the house (CONTRIBUTING.md).
#   format   clang-format --dry-run --Werror on every tracked .c and .h
#   refs     every citation in comments and docs resolves in the tree (check_refs.py)
#   docs     doxygen renders include/ with 0 warnings (every public declaration documented)
#   analyze  clang's static analyzer (scan-build --status-bugs) over the whole build:
#            library, tools, tests, benches
# Prints one line per check and "lint: N passed, N failed"; exits 1 when one failed.
# LINT_SKIP="analyze" (space-separated names) leaves checks out, e.g. for a quick run.
set -u
cd "$(dirname "$0")/.."

passed=0
failed=0
skip=" ${LINT_SKIP:-} "
out=$(mktemp)
trap 'rm -f "$out"' EXIT

check() {
	local name=$1; shift
	if [[ "$skip" == *" $name "* ]]; then
		echo "skip $name"
		return
	fi
	if "$@" >"$out" 2>&1; then
		echo "ok   $name"
		passed=$((passed + 1))
	else
		echo "FAIL $name"
		tail -n 40 "$out" | sed 's/^/     /'
		failed=$((failed + 1))
	fi
}

format() {
	git ls-files '*.c' '*.h' | xargs clang-format --dry-run --Werror
}

docs() {
	rm -rf build/docs && mkdir -p build/docs && doxygen docs/Doxyfile || return 1
	if [ -s build/docs/warnings.txt ]; then
		cat build/docs/warnings.txt
		return 1
	fi
}

analyze() {
	local dir=build-scan
	rm -rf "$dir"
	# scan-build around meson setup, so that meson records the analyzer as the compiler
	scan-build -o "$dir/report" meson setup "$dir" -Dbuildtype=debug >/dev/null || return 1
	scan-build --status-bugs -o "$dir/report" --exclude .deps ninja -C "$dir" >"$dir.log" 2>&1
	local rc=$?
	grep -E 'warning: |scan-build: [0-9]+ bugs? found|No bugs found' "$dir.log" |
		sed "s|$PWD/$dir/||; s|\\.\\./||g"
	return $rc
}

check format format
check refs python3 scripts/check_refs.py
check docs docs
check analyze analyze
echo "lint: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
