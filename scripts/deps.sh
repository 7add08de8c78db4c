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
	libibverbs-dev                  # rdma-core's libibverbs/libmlx5 modules (DOCA Verbs sample)
)

missing=()
for p in "${pkgs[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done

[ ${#missing[@]} -eq 0 ] && exit 0

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
