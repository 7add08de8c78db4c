#!/usr/bin/env bash
# Fuzz the packet parser and frame builders, or the flex parser (custom headers), with
# libFuzzer (docs/PARSER.md).
# usage: scripts/fuzz.sh [SECONDS [parser|flex]]   (default 60 parser)
# Builds build-fuzz (CC=clang, -Dfuzz=true) if needed, copies the committed corpus into a
# scratch directory and runs fuzz_parser (or fuzz_flex) on it. Exits non-zero on any finding and prints
# where the crash input is; replay it with:
#   build-fuzz/tests/fuzz/fuzz_parser CRASH_FILE      (or any build's fuzz_parser_replay)
set -euo pipefail

secs=${1:-60}
target=${2:-parser}
case $target in
parser | flex) ;;
*)
	echo "fuzz.sh: TARGET must be parser or flex, got '$target'" >&2
	exit 2
	;;
esac
case $secs in
'' | *[!0-9]*)
	echo "fuzz.sh: SECONDS must be a whole number, got '$secs'" >&2
	exit 2
	;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
bdir=${FUZZ_BUILD_DIR:-$root/build-fuzz}
cd "$root"

if ! command -v clang >/dev/null; then
	echo "fuzz.sh: clang not found; install clang and libclang-rt-dev (scripts/deps.sh)" >&2
	exit 2
fi
if [ ! -f "$bdir/build.ninja" ]; then
	CC=clang meson setup "$bdir" -Dfuzz=true -Dbuildtype=debugoptimized >/dev/null
fi
ninja -C "$bdir" "tests/fuzz/fuzz_$target" >/dev/null || ninja -C "$bdir" "tests/fuzz/fuzz_$target"

work=$(mktemp -d "${TMPDIR:-/tmp}/softdpa-fuzz.XXXXXX")
mkdir -p "$work/corpus" "$work/artifacts"
cp "tests/fuzz/corpus/$target"/* "$work/corpus/"

echo "fuzz.sh: fuzzing $target for ${secs}s (scratch: $work)"
set +e
"$bdir/tests/fuzz/fuzz_$target" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	-max_len=2048 -print_final_stats=1 -artifact_prefix="$work/artifacts/" \
	"$work/corpus" >"$work/fuzz.log" 2>&1
rc=$?
set -e

tail -n 15 "$work/fuzz.log"
findings=$(find "$work/artifacts" -type f | sort)
if [ $rc -ne 0 ] || [ -n "$findings" ]; then
	echo "fuzz.sh: FINDING (exit $rc). Full log: $work/fuzz.log" >&2
	for f in $findings; do
		echo "fuzz.sh: crash input: $f" >&2
	done
	echo "fuzz: 0 passed, 1 failed"
	exit 1
fi
echo "fuzz: 1 passed, 0 failed"
echo "fuzz.sh: no findings in ${secs}s; corpus grew to $(ls "$work/corpus" | wc -l) inputs"
rm -rf "$work"
