#!/usr/bin/env bash
# Every public header together in one translation unit, as a DOCA program includes them:
# host headers with gcc and clang (C11) and g++ (C++: DOCA's headers are extern "C"), device
# headers with clang as softdpa-dpacc compiles kernels. -Wall -Wextra -Werror throughout,
# and clang's -Wdocumentation checks the doc blocks against the declarations they describe.
# Usage: check_all_headers.sh INCLUDE_DIR
set -u
inc=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

host=$(cd "$inc" && find . -name '*.h' -not -path './dev/*' | sed 's|^\./||' | LC_ALL=C sort)
dev=$(cd "$inc" && find dev -name '*.h' | sed 's|^dev/||' | LC_ALL=C sort)
[ -n "$host" ] && [ -n "$dev" ] || { echo "no headers under $inc"; exit 1; }

{
	for h in $host; do echo "#include <$h>"; done
	echo 'int main(void) { return 0; }'
} >"$tmp/host.c"
cp "$tmp/host.c" "$tmp/host.cc"
{
	for h in $dev; do echo "#include <$h>"; done
	echo 'int sdpa_all_device_headers;'
} >"$tmp/dev.c"

run() {
	local what=$1; shift
	if "$@" >"$tmp/out" 2>&1; then
		echo "ok   $what"
	else
		echo "FAIL $what: $*"
		head -n 40 "$tmp/out"
		fail=1
	fi
}

warn=(-Wall -Wextra -Werror)
run "host headers, gcc C11" gcc -std=c11 "${warn[@]}" -DDOCA_ALLOW_EXPERIMENTAL_API -I"$inc" \
	-fsyntax-only "$tmp/host.c"
run "host headers, gcc C11, experimental API warned" gcc -std=c11 -Wall -Wextra -I"$inc" \
	-fsyntax-only "$tmp/host.c"
if command -v clang >/dev/null; then
	run "host headers, clang C11 -Wdocumentation" clang -std=c11 "${warn[@]}" -Wdocumentation \
		-DDOCA_ALLOW_EXPERIMENTAL_API -I"$inc" -fsyntax-only "$tmp/host.c"
	run "device headers, clang as softdpa-dpacc" clang -std=c11 "${warn[@]}" -Wdocumentation \
		-D__DPA__ -DDOCA_DPA_DEVICE -D__SOFTDPA__ -I"$inc/dev" -I"$inc" -fsyntax-only "$tmp/dev.c"
else
	echo "FAIL clang not found: the device headers are compiled by clang"
	fail=1
fi
if command -v g++ >/dev/null; then
	run "host headers, g++ C++11" g++ -std=c++11 "${warn[@]}" -DDOCA_ALLOW_EXPERIMENTAL_API \
		-I"$inc" -fsyntax-only "$tmp/host.cc"
fi
# No internal names in what is installed: softdpa's own names are softdpa_/SOFTDPA_,
# the rest DOCA's (include guards aside).
internal=$(grep -rnwE '(sdpa|SDPA)_[A-Za-z0-9_]*' "$inc" | grep -vE '#(ifndef|define|endif)[[:space:]/*]*[A-Z0-9_]*_H_?\b' || true)
if [ -n "$internal" ]; then
	echo "FAIL internal sdpa_/SDPA_ names in installed headers; rename them softdpa_/SOFTDPA_:"
	echo "$internal" | head -n 20
	fail=1
else
	echo "ok   no internal names in installed headers"
fi
exit $fail
