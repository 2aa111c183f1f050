#!/usr/bin/env bash
# Builds the static site into dist/, ready to copy to any web server at any path (README,
# "Deploying"): installs the build tools that are missing, builds for release, reports the sizes
# (and fails if the first load is over its budget). The test command and the Pages workflow
# build through this same script. The cargo feature `split` cuts the page into lazy parts
# (src/parts.rs), which scripts/bin/wasm-bindgen makes; a plain `trunk build` leaves it off.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh --build
export PATH="$PWD/scripts/bin:$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
trunk build --release --offline --features split
./scripts/sizes.sh
