#!/usr/bin/env bash
# Runs the test layers named (make targets) in order, stopping at the first that fails, and
# prints how long each took: `make test` reports its own times (the README's testing
# section quotes them).
set -uo pipefail
cd "$(dirname "$0")/.."
times=()
for layer in "$@"; do
  start=$SECONDS
  make --no-print-directory "$layer"
  status=$?
  times+=("$layer $((SECONDS - start)) s")
  if [ "$status" -ne 0 ]; then
    printf 'layers: %s failed after %s s\n' "$layer" "$((SECONDS - start))" >&2
    exit "$status"
  fi
done
printf 'layers: %s\n' "${times[@]}"
