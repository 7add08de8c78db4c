# softdpa — thin wrapper over meson/ninja. The two commands a newcomer needs:
#   make demo    install missing packages (as root), build, run the flagship example
#   make test    install missing packages (as root), build, run the whole test suite
# Others: make bench | make bench-compare | make install PREFIX=/dir | make sanitize |
#         make tsan | make clang-ubsan | make fidelity [FIDELITY_MODE=fast|strict] |
#         make fuzz | make conformance [DOCA_SAMPLES=dir] [DOCA_PREFIX=dir] | make lint |
#         make docs | make samples-test [DOCA_SAMPLES=dir] [SAMPLES_JOBS=n] | make clean

BUILD     ?= build
PREFIX    ?= /usr/local
MESON_OPTS ?=
FUZZ_SECONDS ?= 60
# NVIDIA's public DOCA samples, built against softdpa installed with DOCA's layout.
DOCA_PREFIX ?= /opt/mellanox/doca
DOCA_SAMPLES ?= $(lastword $(wildcard ../shared/conformance/doca-samples-*))

.PHONY: all deps build test demo bench bench-compare install sanitize tsan clang-ubsan fuzz \
	conformance samples-test ci clean format fidelity lint docs

all: build

deps:
	@bash scripts/deps.sh

$(BUILD)/build.ninja:
	@meson setup $(BUILD) $(MESON_OPTS) >/dev/null || meson setup --wipe $(BUILD) $(MESON_OPTS)

# One progress line while compiling (scripts/ninja-progress.sh); a failure prints it all.
build: deps $(BUILD)/build.ninja
	@bash scripts/ninja-progress.sh $(BUILD)

test: build
	@bash scripts/run-tests.sh $(BUILD)

# The provider and examples suites in another fidelity mode (make test runs the default,
# faithful): code that passes in one mode must pass in all (docs/PROVIDER.md).
FIDELITY_MODE ?= strict
fidelity: build
	@SOFTDPA_FIDELITY=$(FIDELITY_MODE) bash scripts/run-tests.sh $(BUILD) \
		fidelity-$(FIDELITY_MODE) --suite provider --suite examples

# The demo needs only what gets installed (library, tools), not the test programs.
demo: deps $(BUILD)/build.ninja
	@bash scripts/ninja-progress.sh $(BUILD) $$(meson introspect $(BUILD) --targets | python3 -c 'import json, os, sys; \
		[print(os.path.relpath(f, os.path.abspath("$(BUILD)"))) for t in json.load(sys.stdin) \
		 if t.get("installed") for f in t["filename"]]')
	@bash scripts/demo.sh $(BUILD)

bench: build
	@bash scripts/bench.sh $(BUILD)

# softdpa's benches beside their DPDK/pthread anchors, interleaved, one JSON line per pair
# (docs/PERFORMANCE.md; sizes: BENCH_* variables, python3 scripts/bench_compare.py --help).
bench-compare: build
	@python3 scripts/bench_compare.py $(BUILD)

install: deps $(BUILD)/build.ninja
	@meson configure $(BUILD) -Dprefix=$(abspath $(PREFIX)) >/dev/null
	@bash scripts/ninja-progress.sh $(BUILD)
	@meson install -C $(BUILD) --quiet --no-rebuild
	@echo "installed to $(abspath $(PREFIX)); use PKG_CONFIG_PATH=$(abspath $(PREFIX))/lib/pkgconfig"

# Whole suite under AddressSanitizer + UndefinedBehaviorSanitizer.
sanitize: deps
	@[ -f build-asan/build.ninja ] || meson setup build-asan -Db_sanitize=address,undefined \
		-Db_lundef=false -Dbuildtype=debug >/dev/null
	@ninja -C build-asan >/dev/null || ninja -C build-asan
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		bash scripts/run-tests.sh build-asan asan

# Concurrency suites under ThreadSanitizer.
tsan: deps
	@[ -f build-tsan/build.ninja ] || meson setup build-tsan -Db_sanitize=thread \
		-Db_lundef=false -Dbuildtype=debugoptimized >/dev/null
	@ninja -C build-tsan >/dev/null || ninja -C build-tsan
	@TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
		bash scripts/run-tests.sh build-tsan tsan --suite concurrency

# The whole suite built by clang with UBSan: clang checks what gcc does not (NULL + offset,
# constant folding in our headers), and clang is what compiles DPA kernels.
clang-ubsan: deps
	@[ -f build-clang/build.ninja ] || CC=clang meson setup build-clang -Db_sanitize=undefined \
		-Db_lundef=false -Dbuildtype=debug >/dev/null
	@ninja -C build-clang >/dev/null || ninja -C build-clang
	@UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		bash scripts/run-tests.sh build-clang clang-ubsan

fuzz: deps
	@bash scripts/fuzz.sh $(FUZZ_SECONDS)

# Every DOCA Flow and DPA sample of a doca-samples release builds unchanged (docs/PORTING.md).
conformance: build
	@[ -n "$(DOCA_SAMPLES)" ] || { echo "conformance: no samples; pass DOCA_SAMPLES=<doca-samples dir>" >&2; exit 2; }
	@meson configure $(BUILD) -Dprefix=$(abspath $(DOCA_PREFIX)) >/dev/null
	@meson install -C $(BUILD) --quiet
	@bash scripts/conformance.sh -s "$(DOCA_SAMPLES)" -p "$(abspath $(DOCA_PREFIX))" -w build-conformance

# NVIDIA's samples run on softdpa and checked against their own yaml (docs/CLI.md), with the
# binaries make conformance built (it runs first when they are missing).
SAMPLES_JOBS ?= 3
samples-test:
	@[ -n "$(DOCA_SAMPLES)" ] || { echo "samples-test: no samples; pass DOCA_SAMPLES=<doca-samples dir>" >&2; exit 2; }
	@[ -d build-conformance/build ] && [ -x "$(DOCA_PREFIX)/bin/softdpa" ] || $(MAKE) --no-print-directory conformance
	@"$(abspath $(DOCA_PREFIX))/bin/softdpa" samples test "$(DOCA_SAMPLES)" -j $(SAMPLES_JOBS) \
		--bin-dir "$(abspath build-conformance/build)" --work build-samples-test

ci: test sanitize tsan clang-ubsan fuzz lint

# clang-format, citations, doxygen with 0 warnings, scan-build --status-bugs (scripts/lint.sh).
lint: deps
	@bash scripts/lint.sh

# The API reference of include/, rendered by Doxygen into build/docs/html.
docs: deps
	@LINT_SKIP="format refs analyze" bash scripts/lint.sh >/dev/null || \
		{ cat build/docs/warnings.txt; echo "docs: doxygen warned; fix the doc blocks above" >&2; exit 1; }
	@echo "docs: build/docs/html/index.html"

format:
	@clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf $(BUILD) build-asan build-tsan build-clang build-fuzz build-conformance build-scan build-samples-test
