#!/usr/bin/env bash
# Writes index.html with the views' stylesheets linked, from the registry, to the file
# given (default: index.gen.html at the root, where Trunk resolves its links): index.html
# links only the global stylesheets; each view names its own in src/registry.rs. Used by
# `make serve` and `make dist` (scripts/dist-bundles.sh), so both link exactly the
# registry's stylesheets.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-index.gen.html}
# The LLM traces #/llm fetches when the reader starts, gzipped (its worker reads gzip), with
# their licence and notes: target/mooncake/, which index.html has Trunk copy.
mkdir -p target/mooncake
for trace in conversation_trace synthetic_trace; do
  src=data/mooncake/$trace.jsonl dst=target/mooncake/$trace.jsonl.gz
  [ "$dst" -nt "$src" ] || gzip -9 -n -c "$src" > "$dst"
done
cp data/mooncake/LICENSE-APACHE data/mooncake/README.md target/mooncake/
links=""
for name in $(cargo run -q -p ringlab --bin ringlab-bundles stylesheets); do
  [ -f "static/$name.css" ] || { echo "index-html: static/$name.css is missing" >&2; exit 1; }
  links+="    <link data-trunk rel=\"css\" href=\"static/$name.css\" />\n"
done
marker='    <!-- views: each view'"'"'s stylesheets, from the registry (scripts/index-html.sh) -->'
grep -qF "$marker" index.html || { echo "index-html: index.html has no views marker" >&2; exit 1; }
awk -v marker="$marker" -v links="$links" '$0 == marker { printf "%s", links; next } { print }' index.html > "$out"
