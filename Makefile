# ScrollKit — the two commands a new user needs: `make run` and `make test`.
SWIFT      ?= swift
BUILD_FLAGS ?=
OUT        ?= out
DEMO_ARGS  ?=

.PHONY: all deps build release run test bench clean

all: build

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)

# Opens the demo window; with no display, runs the same demo headless and writes a PNG.
run: release
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ] || [ "$$(uname)" = "Darwin" ]; then \
		$(SWIFT) run -c release scrollkit-demo $(DEMO_ARGS); \
	else \
		mkdir -p $(OUT); \
		echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset): running the demo headless, writing $(OUT)/demo.png"; \
		SDL_VIDEODRIVER=dummy $(SWIFT) run -c release scrollkit-demo --headless --screenshot $(OUT)/demo.png $(DEMO_ARGS); \
	fi

# The whole suite, headless.
test: deps
	SDL_VIDEODRIVER=dummy $(SWIFT) test $(BUILD_FLAGS)

clean:
	rm -rf .build Benchmarks/.build $(OUT)

# Benchmarks live in their own package (Benchmarks/), so `make test` never builds them.
# Prints one table; raw outputs go to out/bench/. BENCH_FILTER='Frame.*' runs a subset.
bench: deps
	@bash scripts/bench.sh "$(BENCH_FILTER)"
