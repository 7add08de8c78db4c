#!/usr/bin/env bash
# make bench: run every benchmark; each prints one JSON object per line on stdout.
# The arguments are bench/meson.build's; `build/bench/<bench> --help` explains them.
set -eu
build=${1:-build}
for b in $(cd "$build/bench" && ls bench_* 2>/dev/null | grep -v '\.p$'); do
	[ -x "$build/bench/$b" ] || continue
	args=""
	case $b in bench_wire) args="4000000 64" ;; bench_flow) args="2000000" ;; bench_dpa) args="2000" ;; bench_window) args="2000" ;; esac
	"$build/bench/$b" $args
done
