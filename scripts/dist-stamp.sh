#!/usr/bin/env bash
# Prints one hash of everything the release build in dist/ is made from: the sources of
# the crates it compiles, the static files, the page, the build settings and scripts, and
# the tools' versions. `make dist` writes it to dist/.ringlab-stamp after a build and skips
# the build while it still matches, so `make e2e` never rebuilds an up-to-date dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
{
  find core/src model/src src lab-worker static data/mooncake -type f -print0 | sort -z | xargs -0 sha256sum
  sha256sum index.html Cargo.toml Cargo.lock Trunk.toml core/Cargo.toml model/Cargo.toml \
    lab-worker/Cargo.toml tools/package-lock.json scripts/dist-bundles.sh scripts/merge-index.mjs scripts/index-html.sh \
    scripts/dist-stamp.sh tools/prerender.mjs tools/first-paint.mjs e2e/server.js
  trunk --version 2>/dev/null || echo "no trunk"
  wasm-bindgen --version 2>/dev/null || echo "no wasm-bindgen"
  rustc --version
} | sha256sum | cut -d' ' -f1
