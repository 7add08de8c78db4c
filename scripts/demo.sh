#!/usr/bin/env bash
# make demo: build examples/elephant_guard out of tree from an installed softdpa (as a
# user would), generate mice and elephants, run the guard, print its report.
#   usage: scripts/demo.sh [BUILD_DIR]      (DEMO_DIR=dir to choose where outputs go)
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)

echo "== the emulated device (softdpa caps)"
"$build/tools/softdpa" caps | awk '$1 == "ibdev_name" || $1 == "model" || $1 == "dpa" ||
	$1 == "representors" { sub(/^[ \t]+/, "  "); print }'

echo
echo "== building examples/elephant_guard against the installed SDK (pkg-config + softdpa-dpacc)"
exbuild=$(bash "$here/build-example.sh" "$build" elephant_guard --build-only)
bin=$(dirname "$(find "$build/examples/prefix-elephant_guard" -path '*/bin/softdpa' | head -n 1)")
out=${DEMO_DIR:-$build/demo}
rm -rf "$out"
mkdir -p "$out"

echo "== traffic: 20k frames with 4 elephants (60 %) among 1000 mice, then 10k frames of mice only"
"$bin/softdpa" pcap gen -o "$out/burst.pcap" --frames 20k --flows 1000 --elephants 4 \
	--elephant-share 0.6 --proto mix --seed 7 >/dev/null
"$bin/softdpa" pcap gen -o "$out/calm.pcap" --frames 10k --flows 1000 --src-net 10.2.0.0/16 \
	--seed 8 >/dev/null

echo
"$exbuild/elephant_guard" --in "$out/burst.pcap" --in "$out/calm.pcap" --out-dir "$out"
echo
echo "Next: examples/elephant_guard/README.md (what to change), 'softdpa pcap info $out/port2.pcap'"
