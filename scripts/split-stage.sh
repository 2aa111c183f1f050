#!/usr/bin/env bash
# Trunk hooks for the split page (see scripts/bin/wasm-bindgen).
#   split-stage.sh check  (pre_build)  in a release build, fails early when Trunk would use a
#                                      wasm-bindgen that does not split (a debug build without the
#                                      cargo feature `split` needs no splitter, and checks nothing)
#   split-stage.sh stage  (post_build) if this build's main JS imports a parts' loader, copies the
#                                      lazy parts and their loader into the dist, in the hashed
#                                      folder the main JS imports the loader from, and points the
#                                      loader at the main JS's hashed name; it stops the build if
#                                      the wasm has split points that were not split, or if split/
#                                      is not this build's (its .stamp names another folder). Then
#                                      writes 404.html (a copy of index.html) and, for release
#                                      builds, the service worker (scripts/make-sw.mjs) from the
#                                      files now staged. Trunk runs hooks of one stage side by
#                                      side, so these steps live in this one hook, in this order.
# Tested without a build by scripts/test-split.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "scripts/split-stage.sh: $*" >&2; exit 1; }
case "${1:-}" in
  check)
    [ "${TRUNK_PROFILE:-}" = release ] || exit 0
    found=$(command -v wasm-bindgen || true)
    if [ "$found" != "$root/scripts/bin/wasm-bindgen" ]; then
      echo "A release build of Rusty Lock is split into lazy parts and minified by scripts/bin/wasm-bindgen," >&2
      echo "but PATH finds '${found:-no wasm-bindgen}'. Use ./scripts/serve.sh or ./scripts/build.sh." >&2
      exit 1
    fi
    command -v wasm-split-cli >/dev/null || die "wasm-split-cli is missing: run ./scripts/setup.sh"
    ;;
  stage)
    mapfile -t mains < <(cd "$TRUNK_STAGING_DIR" && ls rusty-lock*.js 2>/dev/null)
    [ ${#mains[@]} = 1 ] || die "expected one rusty-lock*.js in $TRUNK_STAGING_DIR, found ${#mains[@]}"
    main_js=${mains[0]}
    if grep -qF __wasm_split_placeholder__ "$TRUNK_STAGING_DIR/$main_js"; then
      die "the wasm has split points (cargo feature \`split\`) but was not split, so the page would die at load: Trunk ran '$(command -v wasm-bindgen || echo no wasm-bindgen)', not scripts/bin/wasm-bindgen. Use ./scripts/build.sh or ./scripts/serve.sh, or build without --features split."
    fi
    folder=$({ grep -o 'lazy-[0-9a-f]\{16\}/__wasm_split\.js' "$TRUNK_STAGING_DIR/$main_js" || true; } | sort -u | cut -d/ -f1)
    if [ -n "$folder" ]; then
      [ "$(printf '%s\n' "$folder" | wc -l)" = 1 ] || die "the main JS imports loaders from several folders: $folder"
      target=${CARGO_TARGET_DIR:-$(cd "$root" && cargo metadata --format-version 1 --no-deps --offline \
        | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')}
      src="$target/wasm-bindgen/$TRUNK_PROFILE/split"
      [ -f "$src/.stamp" ] \
        || die "this build's main JS imports $folder/, but $src holds no split output (no .stamp): was it built through scripts/bin/wasm-bindgen?"
      stamped=$(sed -n 's/^folder=//p' "$src/.stamp")
      [ "$stamped" = "$folder" ] \
        || die "$src is from an earlier build: its .stamp names ${stamped:-no folder}, but this build's main JS imports $folder/. Its parts would not match this page. Rebuild (./scripts/build.sh); if this repeats, scripts/bin/wasm-bindgen and this hook see different target directories."
      # The folder is named after the parts' hash (the recipe in scripts/bin/wasm-bindgen).
      actual="lazy-$(cd "$src" && cat $(ls | sort) | sha256sum | cut -c1-16)"
      [ "$actual" = "$folder" ] || die "the files in $src changed after scripts/bin/wasm-bindgen wrote them (they hash to $actual, not $folder). Rebuild."
      mkdir -p "$TRUNK_STAGING_DIR/$folder"
      cp "$src"/*.wasm "$TRUNK_STAGING_DIR/$folder/"
      sed -e "s#from *\"./rusty-lock.js\"#from \"../$main_js\"#" "$src/__wasm_split.js" \
        > "$TRUNK_STAGING_DIR/$folder/__wasm_split.js"
      grep -q "\"../$main_js\"" "$TRUNK_STAGING_DIR/$folder/__wasm_split.js" \
        || die "the parts' loader does not import ./rusty-lock.js as expected"
    fi
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
