#!/usr/bin/env bash
# Serves the playground on http://127.0.0.1:8080 (installs what is missing first), built as a
# deploy is (release, split into lazy parts). A plain debug `trunk serve` also works: one wasm
# file, no splitter, no minifier.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$PWD/scripts/bin:$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
# For working on the page: no service worker (it would answer with the last build it cached).
# A deploy builds with scripts/build.sh, which writes one (README, "Deploying").
export RUSTY_LOCK_SERVICE_WORKER=off
echo "Rusty Lock will be at http://127.0.0.1:${PORT:-8080}/ once built."
exec trunk serve --release --offline --features split --address 127.0.0.1 --port "${PORT:-8080}"
