#!/usr/bin/env bash
# make demo: list the emulated devices, then pass a generated capture through a port
# wired "pcap:" and show what came out.
set -eu
build=${1:-build}
out=${DEMO_DIR:-$build/demo}
mkdir -p "$out"
echo "== softdpa caps (the emulated devices, as doca_caps --list-devs shows them)"
"$build/tools/softdpa" caps
echo
echo "== a generated capture through port 0 (pcap wire), parsed frame by frame"
"$build/tools/softdpa-wire-demo" "$out"
