#!/usr/bin/env bash
# Installs what Rusty Lock needs to build and test, and nothing that is already there.
# Safe to run again and again; the serve and test scripts both start with it.
# `setup.sh --build` installs only what building the site needs (no Chromium): scripts/build.sh.
# Versions are the ones measured to work on Debian 12 with rustc 1.95 (see README, "Toolchain").
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # must equal the wasm-bindgen crate pinned in Cargo.toml
WASM_SPLIT_VERSION=0.2.4       # splits the page at its split points (scripts/bin/wasm-bindgen)
export PATH="$PWD/scripts/bin:$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v cargo >/dev/null; then
  echo "cargo is missing: install Rust with rustup first." >&2
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about 8 minutes on 2 cores)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 5 minutes)"
  # Not --locked: its lock file names a crate version the registry here does not have.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  say "installing wasm-split-cli $WASM_SPLIT_VERSION (about 3 minutes)"
  cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked
fi

build_only=false; [ "${1:-}" = --build ] && build_only=true

if ! $build_only && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
  say "installing Chromium and its driver"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
fi

# The Chinese page and its screenshots need a CJK font; the page itself downloads none (it uses
# the system's: PingFang SC, Microsoft YaHei or Noto Sans CJK SC).
if ! $build_only && ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then
  say "installing the Noto CJK fonts (for the Chinese page in the browser tests)"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-noto-cjk fontconfig
fi

if ! command -v npm >/dev/null; then
  say "installing Node.js and npm"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm
fi

# wasm-opt 132 from npm, terser (minifies the JS glue), esbuild with CodeMirror and sucrase (the
# "Your own loop" view's editor and type stripper, bundled by scripts/bundle-yours.mjs, a Trunk
# pre-build hook), Pyodide (the Python runner's interpreter, copied by scripts/python-files.mjs) and
# the Playwright test runner. Debian's
# own wasm-opt (108) is too old and produces a page that dies at load, so Trunk.toml pins
# version_132 and PATH finds this one.
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -x node_modules/.bin/playwright ] || [ ! -x node_modules/.bin/terser ] \
   || [ ! -x node_modules/.bin/esbuild ] || [ ! -f node_modules/sucrase/package.json ] || [ ! -f node_modules/pyodide/package.json ] \
   || [ package.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages"
  npm install --no-audit --no-fund
fi

# Trunk builds with --offline, so every crate must already be in the local registry.
cargo fetch --locked >/dev/null
say "ready: $(trunk --version), $(wasm-bindgen --version), wasm-opt $(wasm-opt --version | awk '{print $3}')$($build_only || echo ", $(chromium --version 2>/dev/null | head -c 40)")"
