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
#                and DPA sample and every application (dpa_all_to_all) in SAMPLES_DIR.
#                An application is built as a DOCA install builds it: by PREFIX's
#                applications/meson.build, with the application beside it.
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
# Builds run from inside each sample's directory: every path must be absolute.
mkdir -p "$work" && work=$(cd "$work" && pwd)
samples=$(cd "$samples" && pwd)
prefix=$(cd "$prefix" && pwd)
pcdir=$(cd "$pcdir" && pwd)
case $jobs in '' | *[!0-9]* | 0) echo "conformance: -j takes a positive number" >&2; exit 2 ;; esac

# A scratch copy of the release, with each build file under its installed name.
tree=$work/tree
rm -rf "$tree" "$work/build" "$work/logs"
mkdir -p "$work/build" "$work/logs"
cp -r "$samples" "$tree"
chmod -R u+w "$tree"
if [ -d "$tree/applications" ] && [ -f "$prefix/applications/meson.build" ]; then
	cp "$prefix/applications/meson.build" "$prefix/applications/meson_options.txt" \
		"$tree/applications/"
	cp "$tree/VERSION" "$tree/applications/VERSION" 2>/dev/null || true
fi
find "$tree" -name '*.public' | while read -r f; do
	cp "$f" "${f%.public}"
	case $f in *.sh.public) chmod +x "${f%.public}" ;; esac
done

# The samples to build: every directory under doca_flow and doca_dpa that ships a public
# build file (dependencies/ and the like are helpers of NVIDIA's own tree, not samples).
list=()
for d in "$tree"/samples/doca_flow/*/ "$tree"/samples/doca_dpa/*/ "$tree"/applications/*/; do
	[ -f "$d/meson.build.public" ] || continue
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

# Some of NVIDIA's build files name the DOCA install by its absolute path
# (/opt/mellanox/doca/applications/VERSION). With another PREFIX, such a sample is built in
# a private mount namespace (root and unshare(1) needed) where PREFIX is mounted at
# /opt/mellanox/doca, as a DOCA install would be; nothing outside the namespace changes.
opt_doca=/opt/mellanox/doca
at_opt_doca() {
	local cover
	if [ "$(cd "$prefix" && pwd -P)" = "$(cd "$opt_doca" 2>/dev/null && pwd -P)" ]; then
		"$@"
		return
	fi
	for cover in "$opt_doca" /opt/mellanox /opt; do [ -d "$cover" ] && break; done
	if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null || [ ! -d "$cover" ]; then
		echo "conformance: this sample's build file names $opt_doca; install softdpa" \
			"there, or run as root with unshare(1) to mount $prefix there" >&2
		"$@"
		return
	fi
	unshare --mount --propagation private -- bash -c '
		set -e
		prefix=$1 opt=$2 cover=$3; shift 3
		[ "$cover" = "$opt" ] || { mount -t tmpfs sdpa-conformance "$cover"; mkdir -p "$opt"; }
		mount --bind "$prefix" "$opt"
		"$@"' at_opt_doca "$prefix" "$opt_doca" "$cover" "$@"
}

build_sample() {
	cd "$1" &&
		PKG_CONFIG_PATH=$pcdir meson setup "$2" -Dwarning_level=2 -Dwerror=true &&
		ninja -C "$2"
}

# An application: DOCA's applications/meson.build (the one PREFIX installs, in place of
# the release's internal one) builds the application directory beside it; its build
# scripts call pkg-config while ninja runs.
build_app() {
	cd "$1/.." &&
		export PKG_CONFIG_PATH=$pcdir &&
		meson setup "$2" -Dwarning_level=2 -Dwerror=true -Dapps="$(basename "$1")" &&
		ninja -C "$2" &&
		ln -sf "$(basename "$1")/doca_$(basename "$1")" "$2/"
}

build_one() {
	local dir=$1 name log bdir
	name=$(basename "$dir")
	log=$work/logs/$name.log
	bdir=$work/build/$name
	if [ "$(basename "$(dirname "$dir")")" = applications ]; then
		if ! command -v mpicc >/dev/null && grep -q mpicc "$dir/meson.build"; then
			echo "FAIL $name: mpicc not found: install Open MPI (scripts/deps.sh)"
			return
		fi
		(at_opt_doca bash -c "$(declare -f build_app); pcdir='$pcdir' build_app \"\$@\"" \
			build_app "$dir" "$bdir") >"$log" 2>&1
	elif grep -q "$opt_doca" "$dir/meson.build"; then
		(at_opt_doca bash -c "$(declare -f build_sample); pcdir='$pcdir' build_sample \"\$@\"" \
			build_sample "$dir" "$bdir") >"$log" 2>&1
	else
		(build_sample "$dir" "$bdir") >"$log" 2>&1
	fi
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
