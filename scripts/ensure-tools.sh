#!/usr/bin/env bash
# Installs what `make test` (or, with the argument `serve`, `make serve`) needs and is
# missing; a second run finds it all and does nothing. Everything comes from the package
# registries: crates.io (wasm-bindgen-cli, trunk), Debian (chromium, chromium-driver), npm
# (binaryen's wasm-opt from tools/, playwright-core from e2e/), PyPI (MkDocs Material, for
# the docs-site test) and rustup's own target.
# Nothing else is downloaded: Trunk.toml pins wasm-bindgen and wasm-opt to the tools
# installed here, and builds offline.
set -euo pipefail
cd "$(dirname "$0")/.."
for_serve=false
[ "${1:-}" = serve ] && for_serve=true

say() { printf 'ensure-tools: %s\n' "$*"; }
export PATH="$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen (Trunk) and wasm-bindgen-test-runner must be exactly the wasm-bindgen
# version in Cargo.lock.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen-test-runner --version 2>/dev/null | awk '{print $2}' || true)
have_cli=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ -n "$want" ] && { [ "$have" != "$want" ] || [ "$have_cli" != "$want" ]; }; then
  say "installing wasm-bindgen-cli $want (a few minutes on 2 cores)"
  # Not --locked: one of its locked dependencies is no longer served by crates.io.
  cargo install wasm-bindgen-cli --version "=$want"
fi

# Trunk 0.21.14 without its default features (no self-update or tool downloads): 8 to 19
# minutes on 2 cores, once.
trunk_want=0.21.14
trunk_have=$(trunk --version 2>/dev/null | awk '{print $2}' || true)
if [ "$trunk_have" != "$trunk_want" ]; then
  say "installing trunk $trunk_want (8 to 19 minutes on 2 cores, once)"
  cargo install trunk --version "=$trunk_want" --locked --no-default-features --features rustls ||
    cargo install trunk --version "=$trunk_want" --no-default-features --features rustls
fi

# npm packages, exactly as locked; each folder is skipped while its lock file is unchanged.
npm_ci() {
  local dir=$1 stamp=$1/node_modules/.ringlab-package-lock.json
  if ! cmp -s "$dir/package-lock.json" "$stamp"; then
    say "installing the npm packages of $dir (npm ci)"
    (cd "$dir" && npm ci --no-audit --no-fund)
    cp "$dir/package-lock.json" "$stamp"
  fi
}

# binaryen's wasm-opt, which Trunk runs on the release build (Trunk.toml pins its version),
# playwright-core for the saved first pages and terser for the JS every first load fetches.
npm_ci tools

$for_serve && exit 0

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "installing Debian's chromium and chromium-driver"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium chromium-driver
fi

# playwright-core for the e2e tests (it drives Debian's Chromium; it downloads no browser).
npm_ci e2e

# MkDocs Material, from PyPI into a venv, for the test that embeds widgets in a real docs
# site (e2e/tests/mkdocs.test.js); skipped while e2e/mkdocs/requirements.txt is unchanged.
venv=target/mkdocs-venv
if ! cmp -s e2e/mkdocs/requirements.txt "$venv/.ringlab-requirements.txt"; then
  if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' 2>/dev/null; then
    say "installing Debian's python3-venv"
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq python3 python3-venv
  fi
  say "installing MkDocs Material into $venv (pip, from PyPI)"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r e2e/mkdocs/requirements.txt
  cp e2e/mkdocs/requirements.txt "$venv/.ringlab-requirements.txt"
fi
