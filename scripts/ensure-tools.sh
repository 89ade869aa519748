#!/usr/bin/env bash
# Installs what `make test` needs and is missing; a second run finds it all and does nothing.
# Everything comes from the package registries: crates.io (wasm-bindgen-cli), Debian
# (chromium, chromium-driver) and rustup's own target. Nothing else is downloaded.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'ensure-tools: %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen-test-runner must be exactly the wasm-bindgen version in Cargo.lock.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen-test-runner --version 2>/dev/null | awk '{print $2}' || true)
if [ -n "$want" ] && [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want (a few minutes on 2 cores)"
  # Not --locked: one of its locked dependencies is no longer served by crates.io.
  cargo install wasm-bindgen-cli --version "=$want"
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "installing Debian's chromium and chromium-driver"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium chromium-driver
fi
