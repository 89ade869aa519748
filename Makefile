# The README's commands. `make serve` and `make test` install what is missing, then run.
SHELL := /bin/bash
CARGO ?= cargo
WASM_RUNNER_ENV := CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	CHROMEDRIVER=$$(command -v chromedriver) WASM_BINDGEN_TEST_TIMEOUT=120
# Trunk never downloads: Trunk.toml pins its tools and builds offline, so crates are
# fetched first (a no-op once they are in cargo's cache).
# wasm-opt comes from npm (tools/), trunk and wasm-bindgen from cargo install.
TRUNK := PATH="$(CURDIR)/tools/node_modules/.bin:$$HOME/.cargo/bin:$$PATH" trunk

.PHONY: test tools serve dist lint native wasm e2e mutants mutants-modules bench bench-cli bench-browser lighthouse profile-browser

# Each layer in turn, its time printed at the end (scripts/layers.sh).
test: tools
	@bash scripts/layers.sh lint native wasm e2e

tools:
	@bash scripts/ensure-tools.sh

# The app at http://127.0.0.1:8080, rebuilt on every change: every view in one module,
# index.html with the views' stylesheets from the registry (scripts/index-html.sh).
serve:
	@bash scripts/ensure-tools.sh serve
	$(CARGO) fetch --locked
	bash scripts/index-html.sh index.gen.html
	$(TRUNK) serve index.gen.html --release --address 127.0.0.1 --port 8080 --offline=true

# The release build in dist/, as e2e tests and deployments use it: one wasm module per
# bundle of views (scripts/dist-bundles.sh). Skipped while dist/.ringlab-stamp matches the
# hash of what it is built from (scripts/dist-stamp.sh); `make dist FORCE=1` rebuilds.
# Each view's first paint is drawn in Chromium (tools/prerender.mjs), so it needs the tools.
dist: tools
	@stamp=$$(bash scripts/dist-stamp.sh); \
	if [ -z "$(FORCE)" ] && [ -f dist/index.html ] && [ "$$(cat dist/.ringlab-stamp 2>/dev/null)" = "$$stamp" ]; then \
		echo "dist: up to date (dist/.ringlab-stamp), not rebuilt"; \
	else \
		$(CARGO) fetch --locked && bash scripts/dist-bundles.sh && echo "$$stamp" > dist/.ringlab-stamp; \
	fi

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) clippy -p ringlab -p ringlab-lab-worker --target wasm32-unknown-unknown --all-targets -- -D warnings
	bash scripts/check-wall.sh

# Every native test: unit, integration, property and doc tests; then the lab's shipped
# results against a fresh run of every setting, in release (minutes in debug, seconds here).
native:
	$(CARGO) test --workspace
	$(CARGO) test --release -p ringlab-model --test lab_shipped

# In headless Chromium: the core's reference vectors compiled to wasm32, and the app's
# components mounted into the page.
wasm:
	cd core && $(WASM_RUNNER_ENV) $(CARGO) test --target wasm32-unknown-unknown --test vectors
	$(WASM_RUNNER_ENV) $(CARGO) test -p ringlab --target wasm32-unknown-unknown --test mount

# End to end: the release build served on loopback, driven by playwright-core in Debian's
# Chromium; screenshots land in e2e/screenshots/. Two test files at a time (each its own
# server and browser): most of a test's time is the browser waiting, and the two cores
# stay busy (11.7 minutes one file at a time, 6.7 two at a time, on 2026-12-07).
e2e: dist
	cd e2e && node --test --test-concurrency=2 tests/

# Mutation testing (not part of `make test`; cargo-mutants from crates.io, installed when
# missing): the Rust lines changed since main's last landed commit (BASE=<commit> for
# another). `make mutants-modules` runs the modules MUTANTS.md tracks and rewrites its
# table (hours on two cores; MODULES="core/src/bounded.rs ..." for some of them).
mutants:
	bash scripts/mutants.sh diff

mutants-modules:
	bash scripts/mutants.sh $(if $(MODULES),$(MODULES),modules)

# Benchmarks (not tests): criterion groups with peer crates as baselines.
bench:
	$(CARGO) bench -p ringlab-core

# The busiest table by the command line against numpy (not a test): bench/numpy/compare.sh.
bench-cli:
	bash bench/numpy/compare.sh

# The browser benchmark (not a test): each view's first-load transfer, dist/ served
# gzip-compressed, written into BENCHMARKS.md between <!-- sizes:begin/end --> (e2e/bench/
# sizes.js); then frame times and slider-to-frame latency on the release build in headless
# Chromium, and the gzip size of dist/ file by file (e2e/bench/probe.js, printed); the
# longest main-thread tasks at load and during a run (e2e/bench/tasks-probe.js, printed).
bench-browser: tools dist
	mkdir -p target
	cd e2e && node bench/sizes.js > ../target/bench-sizes.md
	python3 scripts/bench-table.py --splice BENCHMARKS.md sizes < target/bench-sizes.md
	cat target/bench-sizes.md
	cd e2e && node bench/probe.js
	cd e2e && node bench/load-probe.js
	cd e2e && node bench/lab-probe.js
	cd e2e && node bench/tasks-probe.js
	cd e2e && node bench/llm-probe.js
	# The ring's lookups one at a time and in a batch, in wasm32 in headless Chromium.
	cd core && $(WASM_RUNNER_ENV) $(CARGO) test --release --target wasm32-unknown-unknown \
		--test wasm_speed -- --include-ignored --nocapture

# Lighthouse (not a test): every view, mobile preset, in Debian's Chromium, dist/ served
# gzip-compressed; the scores written into BENCHMARKS.md between <!-- lighthouse:begin/end -->
# (bench/lighthouse/run.js; its own npm package, so the e2e tests never install Lighthouse).
lighthouse: tools dist
	@cd bench/lighthouse && if ! cmp -s package-lock.json node_modules/.ringlab-package-lock.json; then \
		npm ci --no-audit --no-fund && cp package-lock.json node_modules/.ringlab-package-lock.json; fi
	mkdir -p target
	cd bench/lighthouse && CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} node run.js > ../../target/lighthouse.md
	python3 scripts/bench-table.py --splice BENCHMARKS.md lighthouse < target/lighthouse.md
	cat target/lighthouse.md

# Where the browser's time goes on the million-point slider (not a test): a release build
# with function names and without wasm-opt, under Chromium's profiler (e2e/bench/profile.js).
profile-browser: tools
	$(CARGO) fetch --locked
	bash scripts/index-html.sh index-profile.html
	sed -i 's/data-wasm-opt="z"/data-wasm-opt="0" data-keep-debug/' index-profile.html
	$(TRUNK) build --release --offline=true --dist target/profile-dist index-profile.html; \
		status=$$?; rm -f index-profile.html; exit $$status
	cd e2e && RINGLAB_DIST=../target/profile-dist node bench/profile.js
