# The README's commands. `make test` installs what is missing, then runs every check.
SHELL := /bin/bash
CARGO ?= cargo
WASM_RUNNER_ENV := CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	CHROMEDRIVER=$$(command -v chromedriver) WASM_BINDGEN_TEST_TIMEOUT=120

.PHONY: test tools lint native wasm bench

test: tools lint native wasm

tools:
	@bash scripts/ensure-tools.sh

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Every native test: unit, integration, property and doc tests.
native:
	$(CARGO) test --workspace

# The reference vectors again, compiled to wasm32 and run in headless Chromium.
wasm:
	cd core && $(WASM_RUNNER_ENV) $(CARGO) test --target wasm32-unknown-unknown --test vectors

# Benchmarks (not tests): criterion groups with peer crates as baselines.
bench:
	$(CARGO) bench -p ringlab-core
