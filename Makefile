# ScrollKit — the two commands a new user needs: `make run` and `make test`.
SWIFT      ?= swift
BUILD_FLAGS ?=
OUT        ?= out
DEMO_ARGS  ?=

.PHONY: all deps build release run test bench docs clean

all: build

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)

# Opens the demo window; on a bare console (no display, but a DRM card with a connected output, or
# SCROLLKIT_DRM_DEVICE) the demo runs there through KMS; with neither, it runs headless: the list's 2 s scroll
# to the end, captured mid-scroll with the frame-time HUD, as a PNG.
run: release
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY$$SCROLLKIT_DRM_DEVICE" ] || [ "$$(uname)" = "Darwin" ] || \
		grep -qsx connected /sys/class/drm/card*-*/status; then \
		$(SWIFT) run -c release scrollkit-demo $(DEMO_ARGS); \
	else \
		mkdir -p $(OUT); \
		SDL_VIDEODRIVER=dummy "$$($(SWIFT) build -c release --show-bin-path)/scrollkit-demo" --headless --hud --frames 75 \
			--script scripts/first-run.json --screenshot $(OUT)/demo.png $(DEMO_ARGS) && \
		echo "No display (DISPLAY and WAYLAND_DISPLAY are unset), so the demo ran headless and wrote $(OUT)/demo.png: the list mid scroll-to-end. To see motion, run 'make run' on a desktop, or 'xvfb-run make run' with Xvfb."; \
	fi

# The whole suite, headless (the X Present tests start a private Xvfb of their own; the KMS test boots a QEMU VM,
# scripts/kms-vm.sh, about a minute); the C shims' sanitizer
# harnesses (`make sanitize`'s first part, about 30 s); then ScrollKit as a user's dependency (scripts/consumer):
# it must build without a warning and run inside the app's own SDL loop.
test: deps
	@bash scripts/install-deps.sh --test
	SDL_VIDEODRIVER=dummy $(SWIFT) test $(BUILD_FLAGS)
	@bash scripts/sanitize.sh c
	@bash scripts/check-consumer.sh

clean:
	rm -rf .build .build-fuzz .build-sanitize Benchmarks/.build Fuzz/.build $(OUT)

# The API reference of Motion, ScrollKit, ScrollKitDamage, ScrollKitSDL and ScrollKitTesting (DocC catalogs: Sources/<Module>/<Module>.docc),
# built by swift-docc-plugin with the toolchain's docc, as static HTML in $(OUT)/docs: open
# $(OUT)/docs/documentation/scrollkit/index.html through any static file server (for example
# `python3 -m http.server -d $(OUT)/docs`, then http://localhost:8000/documentation/scrollkit/).
docs: deps
	@rm -rf $(OUT)/docs && mkdir -p $(OUT)
	$(SWIFT) package --disable-sandbox --allow-writing-to-directory $(OUT)/docs generate-documentation \
		--target Motion --target ScrollKit --target ScrollKitDamage --target ScrollKitSDL --target ScrollKitTesting --enable-experimental-combined-documentation \
		--transform-for-static-hosting --output-path $(OUT)/docs
	@for page in scrollkit/index.html 'scrollkit/inputevent/wheel(dx:dy:location:time:)/index.html' \
		'scrollkit/griddatasource/numberofitems(insection:)/index.html' scrollkitsdl/sdlbridge/index.html \
		motion/animated/index.html; do \
		test -f "$(OUT)/docs/documentation/$$page" || { echo "error: the API reference has no $$page" >&2; exit 1; }; \
	done
	@echo "API reference: $(OUT)/docs (documentation/motion, documentation/scrollkit, documentation/scrollkitdamage, documentation/scrollkitsdl, documentation/scrollkittesting)"

# Benchmarks live in their own package (Benchmarks/), so `make test` never builds them.
# Prints one table; raw outputs go to out/bench/. BENCH_FILTER='Frame.*' runs a subset.
bench: deps
	@bash scripts/install-deps.sh --test
	@bash scripts/bench.sh "$(BENCH_FILTER)"

# Fuzzes the script parser with libFuzzer for FUZZ_SECONDS (default 60): Fuzz/ is a small package
# that depends on this one and fuzzes the gallery's own Script.parse. Seeds: Fuzz/corpus;
# new inputs go to $(OUT)/fuzz/corpus, a crashing input to $(OUT)/fuzz/crash-*.
FUZZ_SECONDS ?= 60
# FUZZ_TARGET=ScriptParserFuzz or AccessibilityFuzz runs one; by default both run, FUZZ_SECONDS each.
FUZZ_TARGET ?= ScriptParserFuzz AccessibilityFuzz
fuzz: deps
	$(SWIFT) build --package-path Fuzz --scratch-path .build-fuzz -c release -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
	@mkdir -p $(OUT)/fuzz/corpus $(OUT)/fuzz/a11y-corpus
	@for t in $(FUZZ_TARGET); do case $$t in \
	  ScriptParserFuzz) .build-fuzz/release/ScriptParserFuzz $(OUT)/fuzz/corpus Fuzz/corpus -dict=Fuzz/script.dict -max_len=8192 -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -artifact_prefix=$(OUT)/fuzz/ || exit 1 ;; \
	  AccessibilityFuzz) SDL_VIDEODRIVER=dummy .build-fuzz/release/AccessibilityFuzz $(OUT)/fuzz/a11y-corpus -max_len=4097 -max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1 -artifact_prefix=$(OUT)/fuzz/a11y- || exit 1 ;; \
	  *) echo "error: unknown FUZZ_TARGET $$t (ScriptParserFuzz, AccessibilityFuzz)" >&2; exit 2 ;; \
	esac; done

# The C shims under AddressSanitizer and UndefinedBehaviorSanitizer (scripts/sanitize.sh; any undefined behaviour
# fails). First the harnesses of Tests/Sanitize, built by the Swift toolchain's clang straight from the sources
# (Sources/CScrollKit*/): the pixel kernels against reference implementations, X Present against a private Xvfb,
# the Wayland presenter against weston nested on it, ICU's break iterators (about 30 s). Then the package built
# with `swift build --sanitize=address -Xcc -fsanitize=undefined` in .build-sanitize (C targets instrumented
# too; swiftc has no -sanitize=undefined on Linux) and the suites that drive the shims from Swift: the
# accessibility bridge on a bus, the presenters in real windows, the canvas's kernels and the damage tests.
# SANITIZE=c runs the harnesses alone, SANITIZE=swift the rest.
SANITIZE ?= all
sanitize: deps
	@bash scripts/install-deps.sh --test
	@bash scripts/sanitize.sh $(SANITIZE)

# Soak: random input on the list at 10^6 items for SOAK_SECONDS of simulated time (default one hour,
# 216,000 frames at 60 Hz), invariants checked every frame; prints wall time and RSS.
SOAK_SECONDS ?= 3600
SOAK_SEED    ?= 1
soak: release
	SDL_VIDEODRIVER=dummy $(SWIFT) run -c release scrollkit-demo --headless --soak $(SOAK_SECONDS) --seed $(SOAK_SEED) --items 1000000

.PHONY: fuzz soak sanitize
