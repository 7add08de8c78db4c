#!/usr/bin/env bash
# Build with ninja behind one short progress line (make build/install/demo).
#   usage: scripts/ninja-progress.sh BUILD_DIR [TARGET...]
# On a terminal the line is redrawn in place: "building: [123/456] Compiling C object ...".
# Elsewhere (CI logs) nothing is printed until the end. Either way, success ends with one
# line, "built BUILD_DIR (N steps)", and a failure prints ninja's whole output (the
# compiler's errors, or meson's when a reconfiguration failed), then exits with its status.
set -uo pipefail
build=${1:?usage: ninja-progress.sh BUILD_DIR [TARGET...]}
shift
log=$(mktemp "${TMPDIR:-/tmp}/softdpa-build.XXXXXX")
trap 'rm -f "$log"' EXIT
tty=false
[ -t 1 ] && tty=true
width=$(${tty} && tput cols 2>/dev/null || echo 80)
steps=0

# NINJA_STATUS gives every step line a "[done/total] " prefix we can recognise.
NINJA_STATUS="[%f/%t] " ninja -C "$build" "$@" 2>&1 | {
	while IFS= read -r line; do
		printf '%s\n' "$line" >>"$log"
		case $line in
		\[*/*\]\ *)
			steps=${line%%/*}
			steps=${steps#[}
			if $tty; then
				msg="building: $line"
				printf '\r\033[K%s' "${msg:0:$((width - 1))}"
			fi
			;;
		esac
	done
	$tty && printf '\r\033[K'
	echo "$steps" >"$log.steps"
}
rc=${PIPESTATUS[0]}
steps=$(cat "$log.steps" 2>/dev/null || echo 0)
rm -f "$log.steps"
if [ "$rc" -ne 0 ]; then
	cat "$log"
	echo "build failed in $build (ninja exit status $rc); the output above says why" >&2
	exit "$rc"
fi
if [ "$steps" = 0 ]; then
	echo "built $build (up to date)"
else
	echo "built $build ($steps steps)"
fi
