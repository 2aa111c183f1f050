#!/usr/bin/env bash
# Trunk hooks for the split page (see scripts/bin/wasm-bindgen).
#   split-stage.sh check  (pre_build)  fails early when Trunk would use a wasm-bindgen that does not split
#   split-stage.sh stage  (post_build) copies the lazy parts and their loader into the dist, in the
#                                      hashed folder the main JS imports the loader from, and points the
#                                      loader at the main JS's hashed name; then writes 404.html (a
#                                      copy of index.html) and, for release builds, the service
#                                      worker (scripts/make-sw.mjs) from the files now staged.
#                                      Trunk runs hooks of one stage side by side, so these steps
#                                      live in this one hook, in this order.
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
    [ -f "$src/__wasm_split.js" ] && [ -f "$src/.folder" ] || { echo "no split output in $src" >&2; exit 1; }
    folder=$(cat "$src/.folder")
    main_js=$(cd "$TRUNK_STAGING_DIR" && ls rusty-lock*.js | head -1)
    mkdir -p "$TRUNK_STAGING_DIR/$folder"
    cp "$src"/*.wasm "$TRUNK_STAGING_DIR/$folder/"
    sed -e "s#from *\"./rusty-lock.js\"#from \"../$main_js\"#" "$src/__wasm_split.js" \
      > "$TRUNK_STAGING_DIR/$folder/__wasm_split.js"
    grep -q "\"../$main_js\"" "$TRUNK_STAGING_DIR/$folder/__wasm_split.js" \
      || { echo "split-stage.sh: the parts' loader does not import ./rusty-lock.js as expected" >&2; exit 1; }
    # Every URL in the page is relative (Trunk.toml: public_url = "./"), so one dist works at any
    # path; a host with no fallback of its own serves 404.html for a link it does not know.
    cp "$TRUNK_STAGING_DIR/index.html" "$TRUNK_STAGING_DIR/404.html"
    # Offline after the first visit: release builds only, and not under scripts/serve.sh
    # (RUSTY_LOCK_SERVICE_WORKER=off), so a cached page never hides a developer's rebuild.
    if [ "$TRUNK_PROFILE" = release ] && [ "${RUSTY_LOCK_SERVICE_WORKER:-on}" != off ]; then
      node "$root/scripts/make-sw.mjs" "$TRUNK_STAGING_DIR"
    fi
    ;;
  *) echo "usage: $0 check|stage" >&2; exit 2 ;;
esac
