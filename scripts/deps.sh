#!/usr/bin/env bash
# Install the Debian packages softdpa needs to build and test.
# As root: installs whatever is missing (non-interactive). Otherwise: prints the apt line.
# Idempotent and quiet when everything is present, so `make` can call it every time.
set -eu

pkgs=(
	meson ninja-build pkg-config    # build
	gcc clang libclang-rt-14-dev    # compilers; sanitizer + libFuzzer runtime
	libpcap-dev                     # pcap wire
	libcmocka-dev                   # tests
	iproute2                        # afpacket test (network namespaces, veth)
	libdpdk-dev                     # the DPDK of record (22.11): doca-dpdk-bridge, the samples
	dpdk-dev                        # dpdk-testpmd: make bench-compare's per-frame anchor
	dpkg-dev                        # dpkg-source: DPDK's driver headers from its source package
	libibverbs-dev                  # rdma-core's libibverbs/libmlx5 modules (DOCA Verbs sample)
	python3-yaml python3-scapy      # softdpa samples test (tools/samples_test.py)
	libopenmpi-dev openmpi-bin      # mpicc, mpirun, pkg-config ompi: applications/dpa_all_to_all
	doxygen clang-tools             # make lint / make docs: the API reference, scan-build
)

# DPDK's driver-side headers (ethdev_driver.h, ethdev_vdev.h, bus_vdev_driver.h,
# dev_driver.h) are not in Debian's binary packages; softdpa's poll-mode driver needs them.
# Take them from Debian's source package of exactly the installed libdpdk-dev version
# (patches applied) into .deps/dpdk-<upstream version>/include, which meson looks at
# (docs/PORTING.md). Without them softdpa builds without its DPDK driver; in CI that is an
# error. apt-get source needs a deb-src entry: as root, one is added for the suites of
# deb.debian.org that the deb entries name.
dpdk_headers() {
	local top ver upstream cache stamp tmp f
	top=$(cd "$(dirname "$0")/.." && pwd)
	ver=$(dpkg-query -W -f='${Version}' libdpdk-dev 2>/dev/null) || return 0
	[ -n "$ver" ] || return 0
	upstream=${ver#*:}
	upstream=${upstream%-*}
	cache=$top/.deps/dpdk-$upstream
	stamp=$cache/debian-version
	[ -f "$stamp" ] && [ "$(cat "$stamp")" = "$ver" ] && return 0

	if ! apt-get source --print-uris "dpdk=$ver" >/dev/null 2>&1; then
		if [ "$(id -u)" -eq 0 ] && [ -f /etc/apt/sources.list.d/debian.sources ] &&
		   [ ! -f /etc/apt/sources.list.d/softdpa-deb-src.sources ]; then
			sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
				>/etc/apt/sources.list.d/softdpa-deb-src.sources
			apt-get update -q >>/tmp/softdpa-deps.log 2>&1 || true
		elif [ "$(id -u)" -eq 0 ] && [ -f /etc/apt/sources.list ] &&
		     [ ! -f /etc/apt/sources.list.d/softdpa-deb-src.list ]; then
			sed -n 's/^deb \(.*\)$/deb-src \1/p' /etc/apt/sources.list \
				>/etc/apt/sources.list.d/softdpa-deb-src.list
			apt-get update -q >>/tmp/softdpa-deps.log 2>&1 || true
		fi
	fi
	tmp=$(mktemp -d)
	if (cd "$tmp" && apt-get source -q --download-only "dpdk=$ver" >>/tmp/softdpa-deps.log 2>&1 &&
	    dpkg-source -x ./*.dsc src >>/tmp/softdpa-deps.log 2>&1); then
		rm -rf "$cache" && mkdir -p "$cache/include"
		for f in lib/ethdev/ethdev_driver.h lib/ethdev/ethdev_vdev.h \
			 drivers/bus/vdev/bus_vdev_driver.h lib/eal/include/dev_driver.h; do
			cp "$tmp/src/$f" "$cache/include/" || { rm -rf "$cache"; break; }
		done
		[ -d "$cache" ] && echo "$ver" >"$stamp"
	fi
	rm -rf "$tmp"
	if [ ! -f "$stamp" ]; then
		echo "softdpa: could not fetch DPDK $ver's driver headers (Debian source package" \
		     "'dpdk'; log: /tmp/softdpa-deps.log). softdpa builds without its DPDK driver." \
		     "Add a deb-src line for your suites and rerun scripts/deps.sh (docs/PORTING.md)." >&2
		[ "${CI:-}" = true ] && return 1
		return 0
	fi
	echo "softdpa: DPDK $ver driver headers in ${cache#"$top"/}/include" >&2
}

missing=()
for p in "${pkgs[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done

if [ ${#missing[@]} -eq 0 ]; then
	dpdk_headers
	exit
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "softdpa: missing packages: ${missing[*]}" >&2
	echo "softdpa: install them with:  sudo apt-get install -y ${missing[*]}" >&2
	exit 1
fi

echo "softdpa: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# Refresh the package lists only when an install without it fails (stale or empty lists).
if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >/tmp/softdpa-deps.log 2>&1; then
	apt-get update -q >>/tmp/softdpa-deps.log 2>&1
	if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >>/tmp/softdpa-deps.log 2>&1; then
		tail -n 20 /tmp/softdpa-deps.log >&2
		echo "softdpa: package installation failed (log: /tmp/softdpa-deps.log)" >&2
		exit 1
	fi
fi
echo "softdpa: packages installed" >&2
dpdk_headers
