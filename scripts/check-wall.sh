#!/usr/bin/env bash
# The wall between the pure crates and the browser: ringlab-core and ringlab-model (and
# everything they pull in, for any target) must not depend on a browser crate. A view's
# state and prose belong in the model, where native tests reach them; only src/ talks to
# the browser. Run by `make lint`.
set -euo pipefail
cd "$(dirname "$0")/.."
browser='^(web-sys|js-sys|wasm-bindgen|wasm-bindgen-futures|gloo|gloo-[a-z-]+|yew|yew-[a-z-]+)$'
status=0
for package in ringlab-core ringlab-model; do
  found=$(cargo tree -q -p "$package" -e normal,build --target all --prefix none --format '{p}' |
    awk '{print $1}' | sort -u | grep -E "$browser" || true)
  if [ -n "$found" ]; then
    echo "check-wall: $package depends on browser crates: $(tr '\n' ' ' <<<"$found")" >&2
    echo "check-wall: keep them in the app (src/); the model and the core stay pure." >&2
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "check-wall: ringlab-core and ringlab-model use no browser crate"
exit "$status"
