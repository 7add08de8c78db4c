#!/usr/bin/env bash
# Build and test one example the way a user builds a DOCA application: from an installed
# softdpa, with only pkg-config and softdpa-dpacc on the PATH.
#
# usage: scripts/build-example.sh BUILD_DIR NAME [--build-only | meson test args...]
#
#   1. installs BUILD_DIR (an already built softdpa) into BUILD_DIR/examples/prefix-NAME
#      (meson install --destdir; the .pc files are relocatable);
#   2. points PKG_CONFIG_PATH and PATH at that prefix, nothing else;
#   3. meson setup + compile examples/NAME in BUILD_DIR/examples/NAME;
#   4. meson test there (extra args go to meson test), unless --build-only.
# The build directory of the example is printed last, on stdout, with --build-only.
# Each example gets its own prefix so two examples can build at the same time.
set -euo pipefail

if [ $# -lt 2 ]; then
	echo "usage: $0 BUILD_DIR NAME [--build-only | meson test args...]" >&2
	exit 2
fi
build=$(cd "$1" && pwd)
name=$2
shift 2
src=$(cd "$(dirname "$0")/.." && pwd)/examples/$name
[ -f "$src/meson.build" ] || { echo "$0: no example '$name' ($src/meson.build missing)" >&2; exit 2; }
[ -f "$build/build.ninja" ] || { echo "$0: $build is not a configured softdpa build" >&2; exit 2; }

# Run quietly; on failure show everything the command said.
quiet() {
	local log
	log=$(mktemp)
	if ! "$@" >"$log" 2>&1; then
		cat "$log" >&2
		rm -f "$log"
		echo "$0: failed: $*" >&2
		return 1
	fi
	rm -f "$log"
}

work=$build/examples
dest=$work/prefix-$name
exbuild=$work/$name
mkdir -p "$work"

# Fresh prefix each time, so a file removed from softdpa does not linger in it.
rm -rf "$dest"
quiet meson install -C "$build" --no-rebuild --destdir "$dest" --quiet
pc=$(find "$dest" -name doca-flow.pc -path '*/pkgconfig/*' | head -n 1)
[ -n "$pc" ] || { echo "$0: the install of $build has no doca-flow.pc" >&2; exit 1; }
root=$(cd "$(dirname "$pc")/../.." && pwd)

export PKG_CONFIG_PATH=$root/lib/pkgconfig
export PATH=$root/bin:$PATH
unset PKG_CONFIG_LIBDIR

# A sanitized softdpa needs a sanitized program around it (the runtime must load first).
opts=()
san=$(meson introspect "$build" --buildoptions |
	python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "b_sanitize"))')
if [ -n "$san" ] && [ "$san" != none ] && [ "$san" != "[]" ]; then
	opts+=("-Db_sanitize=$san" -Db_lundef=false)
fi

# An existing build dir reconfigures itself when its meson.build changes, but it keeps the
# install root it was set up with: after the softdpa build's prefix changed (make install
# PREFIX=..., the conformance install), that root is gone, and the dir is set up again.
stamp=$exbuild/softdpa-root
if [ ! -f "$exbuild/build.ninja" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$root" ]; then
	rm -rf "$exbuild"
	quiet meson setup "$exbuild" "$src" ${opts[@]+"${opts[@]}"}
	echo "$root" >"$stamp"
fi
quiet meson compile -C "$exbuild"

if [ "${1:-}" = --build-only ]; then
	echo "$exbuild"
	exit 0
fi
meson test -C "$exbuild" "$@"
