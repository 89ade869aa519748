#!/usr/bin/env bash
# Writes index.html with the views' stylesheets linked, from the registry, to the file
# given (default: index.gen.html at the root, where Trunk resolves its links): index.html
# links only the global stylesheets; each view names its own in src/registry.rs. Used by
# `make serve` and `make dist` (scripts/dist-bundles.sh), so both link exactly the
# registry's stylesheets.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-index.gen.html}
links=""
for name in $(cargo run -q -p ringlab --bin ringlab-bundles stylesheets); do
  [ -f "static/$name.css" ] || { echo "index-html: static/$name.css is missing" >&2; exit 1; }
  links+="    <link data-trunk rel=\"css\" href=\"static/$name.css\" />\n"
done
marker='    <!-- views: each view'"'"'s stylesheets, from the registry (scripts/index-html.sh) -->'
grep -qF "$marker" index.html || { echo "index-html: index.html has no views marker" >&2; exit 1; }
awk -v marker="$marker" -v links="$links" '$0 == marker { printf "%s", links; next } { print }' index.html > "$out"
