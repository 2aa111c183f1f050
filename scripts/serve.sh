#!/usr/bin/env bash
# Serves the playground on http://127.0.0.1:8080 (installs what is missing first), built as a
# deploy is (release, split into lazy parts). A plain debug `trunk serve` also works: one wasm
# file, no splitter, no minifier.
#
# Usage: scripts/serve.sh [--network]   (PORT=8081 for another port)
#   --network  listens on every network interface (0.0.0.0), not only on this machine, and
#              prints the address(es) other devices open: a phone on the same network can then
#              follow presenter mode's "Open on your phone" code. Anyone on that network can
#              reach the page while it runs.
set -euo pipefail
cd "$(dirname "$0")/.."
listen=127.0.0.1
case "${1:-}" in
  "") ;;
  --network) listen=0.0.0.0 ;;
  -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "serve.sh: unknown option '$1' (try --network or --help)" >&2; exit 2 ;;
esac
port=${PORT:-8080}

# This machine's addresses on its networks, one a line: `hostname -I` where it exists, else the
# source address of the default route, else nothing (the caller says what to do then).
lan_addresses() {
  local found=""
  # IPv4 only, and no loopback or link-local address: a phone cannot use those.
  found=$(hostname -I 2>/dev/null | tr ' ' '\n' | grep -E '^[0-9]+(\.[0-9]+){3}$' | grep -Ev '^(127\.|169\.254\.)' || true)
  if [ -z "$found" ] && command -v ip >/dev/null 2>&1; then
    found=$(ip -4 route get 1.1.1.1 2>/dev/null | awk '{ for (i = 1; i < NF; i++) if ($i == "src") { print $(i + 1); exit } }' || true)
  fi
  [ -z "$found" ] || printf '%s\n' "$found"
}

./scripts/setup.sh
export PATH="$PWD/scripts/bin:$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
# For working on the page: no service worker (it would answer with the last build it cached).
# A deploy builds with scripts/build.sh, which writes one (README, "Deploying").
export RUSTY_LOCK_SERVICE_WORKER=off
if [ "$listen" = 0.0.0.0 ]; then
  mapfile -t addresses < <(lan_addresses)
  if [ ${#addresses[@]} -gt 0 ]; then
    echo "Rusty Lock will be on the network once built. Open it on a phone on the same network at:"
    for a in "${addresses[@]}"; do echo "  http://$a:$port/"; done
  else
    echo "Rusty Lock will be on the network once built, on port $port. This machine's network"
    echo "address could not be found: open http://<this machine's address>:$port/ on the phone"
    echo "(the address your network settings show)."
  fi
  echo "On this machine: http://127.0.0.1:$port/. Open presenter mode from a network address, so"
  echo "its phone code carries an address the phone can reach."
else
  echo "Rusty Lock will be at http://127.0.0.1:$port/ once built (only this machine can open it;"
  echo "--network to open it from a phone)."
fi
# The view's editor and stripper bundles, made before Trunk starts watching: its pre-build hook then
# finds them current and writes nothing, so their first writing does not set off a second build.
node scripts/bundle-yours.mjs
exec trunk serve --release --offline --features split --address "$listen" --port "$port"
