#!/usr/bin/env bash
# Runs every test: lints (the page with and without the split), the split build's scripts
# (scripts/test-split.sh), the engine natively and for wasm32, the release build, the measurement
# script in its quick mode, then the browser tests in headless Chromium against that build.
# Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$PWD/scripts/bin:$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "format and lints"
cargo fmt --all --check
cargo clippy -p rusty-lock-engine --tests --benches --locked -- -D warnings
# The page both ways: one wasm file (a debug `trunk serve`) and split into parts (release).
cargo clippy -p rusty-lock --target wasm32-unknown-unknown --locked -- -D warnings
cargo clippy -p rusty-lock --target wasm32-unknown-unknown --locked --features split -- -D warnings
node scripts/check-imports.mjs

step "the split build's scripts (fake tools, no build)"
./scripts/test-split.sh

step "engine: native tests"
cargo test -p rusty-lock-engine --locked

step "page: native tests (every value the engine hands the page has its words)"
cargo test -p rusty-lock --bins --locked

step "engine: compiles for wasm32 with no web APIs"
cargo build -p rusty-lock-engine --target wasm32-unknown-unknown --locked
if cargo tree -p rusty-lock-engine --target wasm32-unknown-unknown -e normal | grep -Eq 'web-sys|js-sys|wasm-bindgen'; then
  echo "the engine must not depend on web APIs" >&2
  exit 1
fi

step "release build"
./scripts/build.sh

step "the measurement script still runs to the end (quick mode: its figures are not checked)"
node scripts/measure-perf.mjs dist --quick

step "the Python runner's measurement still runs to the end (quick mode: its figures are not checked)"
node scripts/measure-python.mjs --quick --page dist

step "browser tests (headless Chromium)"
npx playwright test
