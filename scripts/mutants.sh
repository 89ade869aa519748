#!/usr/bin/env bash
# Mutation testing with cargo-mutants (crates.io; installed here when missing). Not part
# of `make test`: it builds and tests once per mutant, hours for every module.
#
#   scripts/mutants.sh diff      the Rust lines changed since BASE (default: the commit main
#                                stood at when this work tree was laid, from its reflog,
#                                i.e. main's last landed commit); a few minutes a change
#   scripts/mutants.sh modules   the named modules below, one run each; MUTANTS.md's table
#                                is written from the outcomes
#   scripts/mutants.sh MODULE... only these (paths from the list below, or any file glob)
#   SHARD=k/n                    with modules: every n-th mutant from the k-th, a sample
#
# Each run's outcomes land in target/mutants/<name>/mutants.out/ (caught.txt, missed.txt,
# timeout.txt, unviable.txt). A missed mutant is a test to write, or a line in MUTANTS.md
# saying why it is equivalent.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

MODULES=(
  "core/src/schemes"
  "core/src/analysis"
  "core/src/bounded.rs"
  "model/src/views/learn"
  "model/src/views/lab"
  "model/src/views/compare"
)
version=27.1.0
if [ "$(cargo mutants --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
  echo "mutants: installing cargo-mutants $version from crates.io (a few minutes, once)"
  cargo install cargo-mutants --version "=$version" --locked
fi

out=target/mutants
mkdir -p "$out"

# The package a path is in, for `cargo mutants --package`.
package_of() {
  case "$1" in
    core/*) echo ringlab-core ;;
    model/*) echo ringlab-model ;;
    cli/*) echo ringlab-cli ;;
    lab-worker/*) echo ringlab-lab-worker ;;
    *) echo ringlab ;;
  esac
}

# One module: a folder (every .rs under it) or a file.
run_module() {
  local module=$1 name glob
  name=$(tr '/.' '__' <<<"$module")
  if [ -d "$module" ]; then glob="$module/**/*.rs"; else glob="$module"; fi
  echo "mutants: $module"
  mkdir -p "$out/$name"
  echo "$module${SHARD:+, a sample: shard $SHARD round robin}" >"$out/$name/module"
  local shard=()
  [ -n "${SHARD:-}" ] && shard=(--shard "$SHARD" --sharding round-robin)
  cargo mutants --no-shuffle --package "$(package_of "$module")" --file "$glob" \
    --output "$out/$name" "${shard[@]}" || true
  python3 scripts/mutants-table.py "$out/$name/mutants.out/outcomes.json" || true
}
dir_of() { echo "$out/$(tr '/.' '__' <<<"$1")"; }

mode=${1:-diff}
case "$mode" in
  diff)
    base=${BASE:-$(git reflog show --format=%H main 2>/dev/null | tail -n1)}
    [ -n "$base" ] || base=$(git rev-parse HEAD~1)
    git diff "$base" -- '*.rs' >"$out/change.diff"
    if [ ! -s "$out/change.diff" ]; then
      echo "mutants: no Rust lines changed since $(git rev-parse --short "$base")"
      exit 0
    fi
    echo "mutants: the Rust lines changed since $(git rev-parse --short "$base")"
    cargo mutants --no-shuffle --workspace --in-diff "$out/change.diff" --output "$out/diff" || true
    python3 scripts/mutants-table.py "$out/diff/mutants.out/outcomes.json"
    ;;
  modules)
    for module in "${MODULES[@]}"; do run_module "$module"; done
    ;;
  *)
    for module in "$@"; do run_module "$module"; done
    ;;
esac
if [ "$mode" != diff ]; then
  # The table of every tracked module with outcomes in target/mutants (this run's or an
  # earlier one's).
  dirs=()
  for module in "${MODULES[@]}"; do dirs+=("$(dir_of "$module")"); done
  python3 scripts/mutants-table.py --splice MUTANTS.md "${dirs[@]}"
fi
