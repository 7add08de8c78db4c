#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# An example killed mid-run leaves output captures `softdpa pcap info` reads. SIGTERM and
# SIGINT: the example stops, flushes whole records, tears down and ends by the signal,
# saying what the captures hold. SIGKILL (which may land inside a write): at worst the
# last record is cut, which pcap info reports and reads past.
#
# usage: check_killed.sh BUILD_DIR NAME
set -u
build=$1
name=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
exbuild=$("$src/scripts/build-example.sh" "$build" "$name" --build-only) || exit 1
prefix=$build/examples/prefix-$name
S=$(find "$prefix" -path '*/bin/softdpa' -type f | head -n 1)
lib=$(dirname "$(find "$prefix" -name 'libsoftdpa.so*' | head -n 1)")
export LD_LIBRARY_PATH=$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

# Long enough that no run finishes between its first 64 KiB out and the stop below, however
# fast the datapath gets (600,000 frames did, once, after the DPA launch speed-up).
"$S" pcap gen -o "$w/in.pcap" --frames 2000000 --flows 64 --proto udp --size 64 --seed 7 \
	>/dev/null || exit 1
case $name in
path_failover)
	args=(--in "$w/in.pcap" --out "$w/out/out.pcap" --fail-link 2 --fail-at 500000 --restore-at 550000)
	outs=("$w/out/out.pcap") ;;
backend_drain)
	args=(--in "$w/in.pcap" --out "$w/out/out.pcap")
	outs=("$w/out/out.pcap") ;;
elephant_guard)
	args=(--in "$w/in.pcap" --out-dir "$w/out" --quiet)
	outs=("$w/out/port1.pcap" "$w/out/port2.pcap") ;;
*)
	echo "check_killed.sh: no arguments known for example '$name'" >&2
	exit 2 ;;
esac

size() { stat -c %s "$1" 2>/dev/null || echo 0; }

fail=0
for sig in KILL TERM INT; do
	rm -rf "$w/out"
	mkdir -p "$w/out"
	"$exbuild/$name" "${args[@]}" >"$w/log" 2>&1 &
	pid=$!
	# Wait until frames flow out (bounded: 60 s), then hold the run where it is.
	end=$((SECONDS + 60))
	while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$end" ]; do
		total=0
		for o in "${outs[@]}"; do total=$((total + $(size "$o"))); done
		[ "$total" -ge 65536 ] && break
		sleep 0.01
	done
	if ! kill -STOP "$pid" 2>/dev/null; then
		echo "SIG$sig: $name finished before it could be stopped; give it a longer input"
		cat "$w/log"
		fail=$((fail + 1))
		wait "$pid"
		continue
	fi
	kill -s "$sig" "$pid"
	kill -CONT "$pid" 2>/dev/null
	wait "$pid"
	st=$?
	want=$((128 + $(kill -l "$sig")))
	if [ "$st" -ne "$want" ]; then
		echo "SIG$sig: $name ended with status $st, not $want (killed by the signal)"
		cat "$w/log"
		fail=$((fail + 1))
	fi
	for o in "${outs[@]}"; do
		[ -e "$o" ] || continue
		if ! "$S" pcap info "$o" >"$w/info" 2>&1 ||
			{ [ "$sig" != KILL ] && grep -q truncated "$w/info"; }; then
			echo "SIG$sig: $o is not a whole capture"
			cat "$w/info"
			fail=$((fail + 1))
		fi
	done
	if [ "$sig" != KILL ] && ! grep -q "interrupted by SIG$sig" "$w/log"; then
		echo "SIG$sig: $name did not say it was interrupted"
		cat "$w/log"
		fail=$((fail + 1))
	fi
	echo "SIG$sig: $name ended by the signal; its captures read back"
done
exit "$fail"
