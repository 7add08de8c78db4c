#!/usr/bin/env bash
# Build NVIDIA's public DOCA samples against an installed softdpa, the way NVIDIA's own
# samples/unit_test/compile_public_samples.sh builds them against a DOCA install: each
# sample's meson.build.public under its installed name (meson.build), `meson setup
# -Dwarning_level=2 -Dwerror=true`, ninja, and the binary doca_<sample> must exist.
#
# The samples are test data: they are copied into a scratch tree and never changed.
#
# Usage: conformance.sh [-s SAMPLES_DIR] [-p PREFIX] [-w WORK_DIR] [-j JOBS] [SAMPLE...]
#   SAMPLES_DIR  a doca-samples release (default: ../shared/conformance/doca-samples-3.3.0)
#   PREFIX       where softdpa is installed (default: /opt/mellanox/doca; NVIDIA's DPA
#                build script looks for dpacc there whatever the prefix)
#   WORK_DIR     scratch tree, build directories and logs (default: build-conformance)
#   SAMPLE       sample names (flow_drop, dpa_kernel_launch ...); default: every DOCA Flow
#                and DPA sample in SAMPLES_DIR
# Prints one line per sample and closes with "conformance: N passed, N failed".
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
samples=$top/../shared/conformance/doca-samples-3.3.0
prefix=/opt/mellanox/doca
work=$top/build-conformance
jobs=$(nproc)

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit "$1"; }
while getopts "s:p:w:j:h" opt; do
	case $opt in
	s) samples=$OPTARG ;;
	p) prefix=$OPTARG ;;
	w) work=$OPTARG ;;
	j) jobs=$OPTARG ;;
	h) usage 0 ;;
	*) usage 2 ;;
	esac
done
shift $((OPTIND - 1))

if [ ! -d "$samples/samples" ]; then
	echo "conformance: no samples at '$samples' (expected a doca-samples tree with samples/)" >&2
	exit 2
fi
pcdir=
for d in "$prefix/lib/pkgconfig" "$prefix"/lib/*/pkgconfig "$prefix/lib64/pkgconfig"; do
	[ -f "$d/doca-common.pc" ] && { pcdir=$d; break; }
done
if [ -z "$pcdir" ]; then
	echo "conformance: softdpa is not installed in '$prefix' (no doca-common.pc); run" \
		"'make install PREFIX=$prefix' first" >&2
	exit 2
fi
case $jobs in '' | *[!0-9]* | 0) echo "conformance: -j takes a positive number" >&2; exit 2 ;; esac

# A scratch copy of the release, with each build file under its installed name.
tree=$work/tree
rm -rf "$tree" "$work/build" "$work/logs"
mkdir -p "$work/build" "$work/logs"
cp -r "$samples" "$tree"
chmod -R u+w "$tree"
find "$tree" -name '*.public' | while read -r f; do
	cp "$f" "${f%.public}"
	case $f in *.sh.public) chmod +x "${f%.public}" ;; esac
done

# The samples to build: every directory with a build file under doca_flow and doca_dpa.
list=()
for d in "$tree"/samples/doca_flow/*/ "$tree"/samples/doca_dpa/*/; do
	[ -f "$d/meson.build" ] || continue
	name=$(basename "$d")
	if [ $# -gt 0 ]; then
		want=0
		for s in "$@"; do [ "$s" = "$name" ] && want=1; done
		[ $want = 1 ] || continue
	fi
	list+=("$d")
done
if [ $# -gt 0 ] && [ ${#list[@]} -ne $# ]; then
	echo "conformance: some of '$*' are not samples in $samples" >&2
	exit 2
fi

# First compiler error (or meson error) of a log: what a reader needs to act on.
first_error() {
	grep -m1 -E 'error:|ERROR:|undefined reference|binary .* missing' "$1" |
		sed "s|$tree/||g" | cut -c1-220
}

build_one() {
	local dir=$1 name log bdir
	name=$(basename "$dir")
	log=$work/logs/$name.log
	bdir=$work/build/$name
	(
		cd "$dir" &&
			PKG_CONFIG_PATH=$pcdir meson setup "$bdir" -Dwarning_level=2 -Dwerror=true &&
			ninja -C "$bdir"
	) >"$log" 2>&1
	if [ -x "$bdir/doca_$name" ]; then
		echo "PASS $name"
	else
		[ -f "$bdir/doca_$name" ] || echo "binary doca_$name missing" >>"$log"
		echo "FAIL $name: $(first_error "$log") (log: $log)"
	fi
}

results=$work/results.txt
: >"$results"
for d in "${list[@]}"; do
	build_one "$d" >>"$results" &
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
done
wait

sort -k2 "$results"
passed=$(grep -c '^PASS' "$results")
failed=$(grep -c '^FAIL' "$results")
echo "conformance: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
