#!/usr/bin/env bash
# The release build in dist/: one wasm module per bundle of views (the registry's BUNDLES
# table, src/registry.rs, names each with its cargo profile, and each view its bundle),
# each built by Trunk from index.html (with the views' stylesheets linked, by
# scripts/index-html.sh) with RINGLAB_BUNDLE=<name>, then merged into one dist/ whose
# index.html tells boot.js which module has which view. Static files are the same in
# every build (same content, same hashed name).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

table=$(cargo run -q -p ringlab --bin ringlab-bundles bundles)
bundles=$(cut -d' ' -f1 <<<"$table")
views=$(cargo run -q -p ringlab --bin ringlab-bundles views)
styles=$(cargo run -q -p ringlab --bin ringlab-bundles styles)
# The bundle with the lab, the only one that builds the lab's worker.
worker_bundle=$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).lab ?? "")' "$views")
work=target/bundles
rm -rf "$work"
mkdir -p "$work"

map="{"
bash scripts/index-html.sh index.gen.html
while read -r bundle profile; do
  # The app's rust link built with this bundle's profile; the lab's worker only in the
  # bundle that has the lab.
  sed -e "/data-bin=\"ringlab-web\"/s|data-cargo-profile-release=\"wasm-release\"|data-cargo-profile-release=\"$profile\"|" \
    -e "$([ "$bundle" = "$worker_bundle" ] || echo '/data-type="worker"/d')" \
    index.gen.html > "index-$bundle.html"
  status=0
  RINGLAB_BUNDLE=$bundle trunk build --release --offline --dist "$work/$bundle" "index-$bundle.html" </dev/null || status=$?
  rm -f "index-$bundle.html"
  [ "$status" -eq 0 ] || exit "$status"
  { read -r js; read -r wasm; } < <(node scripts/merge-index.mjs boot "$work/$bundle/index.html")
  [ "$map" = "{" ] || map+=","
  map+="\"$bundle\":{\"js\":\"$js\",\"wasm\":\"$wasm\"}"
done <<<"$table"
rm -f index.gen.html
map+="}"

rm -rf dist
mkdir -p dist
for bundle in $bundles; do
  cp -r "$work/$bundle/." dist/
done
first=$(head -n1 <<<"$bundles")
# index.html: the first bundle's, with the maps on the boot tag and without Trunk's
# preloads of one bundle's files (scripts/merge-index.mjs).
node scripts/merge-index.mjs merge "$work/$first/index.html" dist/index.html "$map" "$views" "$styles"
# What every first load fetches, minified (terser, from tools/): each bundle's glue and the
# loader (ES modules), the frames' script (a classic one). Trunk's own JS minifier stops
# at the glue's `export default`.
for file in dist/ringlab-web-*.js dist/boot.js; do terser "$file" --module --compress --mangle --output "$file"; done
terser dist/frame.js --compress --mangle --output dist/frame.js
# Each view's first paint, as the app draws it at its default state (tools/prerender.mjs,
# in Debian's Chromium): shown while the module is on its way.
node tools/prerender.mjs dist
echo "dist-bundles: $(tr '\n' ' ' <<<"$bundles")-> dist/"
