#!/usr/bin/env bash
# Trunk hooks for the split page (see scripts/bin/wasm-bindgen).
#   split-stage.sh check  (pre_build)  fails early when Trunk would use a wasm-bindgen that does not split
#   split-stage.sh stage  (post_build) copies the lazy parts into the dist, under a folder named after
#                                      the main part's hash so that a new build never mixes with a cached one
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
case "${1:-}" in
  check)
    found=$(command -v wasm-bindgen || true)
    if [ "$found" != "$root/scripts/bin/wasm-bindgen" ]; then
      echo "Rusty Lock is split into lazy parts and must be built through scripts/bin/wasm-bindgen," >&2
      echo "but PATH finds '${found:-no wasm-bindgen}'. Use ./scripts/serve.sh or ./scripts/build.sh." >&2
      exit 1
    fi
    command -v wasm-split-cli >/dev/null || { echo "wasm-split-cli is missing: run ./scripts/setup.sh" >&2; exit 1; }
    ;;
  stage)
    src="${CARGO_TARGET_DIR:-$root/target}/wasm-bindgen/$TRUNK_PROFILE/split"
    [ -f "$src/__wasm_split.js" ] || { echo "no split output in $src" >&2; exit 1; }
    main_js=$(cd "$TRUNK_STAGING_DIR" && ls rusty-lock-*.js 2>/dev/null | head -1)
    [ -n "$main_js" ] || main_js=rusty-lock.js
    hash=${main_js#rusty-lock}; hash=${hash#-}; hash=${hash%.js}
    dir="lazy${hash:+-$hash}"
    mkdir -p "$TRUNK_STAGING_DIR/$dir"
    cp "$src"/*.wasm "$TRUNK_STAGING_DIR/$dir/"
    sed -e "s#from \"./rusty-lock.js\"#from \"./$main_js\"#" \
        -e "s#new URL(\"\./#new URL(\"./$dir/#g" \
        "$src/__wasm_split.js" > "$TRUNK_STAGING_DIR/__wasm_split.js"
    ;;
  *) echo "usage: $0 check|stage" >&2; exit 2 ;;
esac
