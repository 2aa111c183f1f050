#!/usr/bin/env bash
# Reports the release dist's sizes, raw and gzip -9, file by file and in all.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d dist ] || { echo "no dist/: run trunk build --release --offline first" >&2; exit 1; }
total_raw=0; total_gz=0
printf '%-44s %10s %10s\n' file raw gzip
for f in $(find dist -type f | sort); do
  raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz))
  printf '%-44s %10s %10s\n' "${f#dist/}" "$raw" "$gz"
done
printf '%-44s %10s %10s\n' "all" "$total_raw" "$total_gz"
