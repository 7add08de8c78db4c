#!/usr/bin/env bash
# usage: check_install.sh BUILD_DIR PREFIX SRC_DIR
set -eu
build=$1 prefix=$2 src=$3
dest=$(mktemp -d /tmp/softdpa-install-XXXXXX)
trap 'rm -rf "$dest"' EXIT

meson install -C "$build" --no-rebuild --destdir "$dest" --quiet >/dev/null
root="$dest$prefix"
export PKG_CONFIG_PATH="$root/lib/pkgconfig"

fail() { echo "FAIL: $*" >&2; exit 1; }

for m in doca-common doca-argp doca-flow doca-dpa doca-flow-dpa-provider doca-dpdk-bridge doca-rdma \
	doca-eth doca-verbs libflexio; do
	v=$(pkg-config --modversion "$m") || fail "pkg-config does not find $m in $PKG_CONFIG_PATH"
	[ "$v" = "3.5.0-softdpa" ] || fail "$m reports version '$v', expected 3.5.0-softdpa"
done

# DOCA's layout: the compiler driver and the attributes tool where NVIDIA's scripts call them.
for t in dpacc dpa-app-attributes2blob; do
	[ -x "$root/tools/$t" ] || fail "tools/$t not installed (NVIDIA's DPA build script calls it)"
done

# The tools' helpers: the samples runner and the trace renderer, in libexec.
for t in samples_test.py conformance.sh trace_to_png.py; do
	[ -x "$root/libexec/softdpa/$t" ] || fail "libexec/softdpa/$t not installed (softdpa runs it)"
done
/usr/bin/python3 "$root/libexec/softdpa/trace_to_png.py" --help | grep -q '^usage: trace_to_png' ||
	fail "the installed trace renderer does not run"

# Every public header of the source tree, host and device side, is installed.
(cd "$src/../../include" && find . -name '*.h') | while read -r h; do
	[ -f "$root/include/$h" ] || fail "header $h not installed"
done

# Only the DOCA-named API (and the FlexIO subset of libflexio/flexio.h), softdpa_
# extensions and ibv_query_gid (answered for softdpa's IB verbs contexts, docs/DPA.md "DOCA
# Verbs") are exported.
lib=$(ls "$root"/lib/libsoftdpa.so.* | head -n 1)
leaked=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -vE '^(doca_|softdpa_|priv_doca_|flexio_|ibv_query_gid$|_init$|_fini$)' || true)
[ -z "$leaked" ] || fail "internal symbols exported from $lib: $(echo $leaked | head -c 300)"
nm -D --defined-only "$lib" | grep -q ' doca_error_get_name$' || fail "doca_error_get_name not exported"

work=$(mktemp -d /tmp/softdpa-user-XXXXXX)
trap 'rm -rf "$dest" "$work"' EXIT
cc ${CC_EXTRA:-} -std=c11 -Wall -Wextra -Werror -o "$work/user_app" "$src/user_app.c" \
	$(pkg-config --cflags --libs doca-flow-dpa-provider) || fail "user program does not build"
out=$("$work/user_app") || fail "user program exited non-zero: $out"
echo "$out"
echo "$out" | grep -q '^user_app: ok$' || fail "unexpected output from user program"
