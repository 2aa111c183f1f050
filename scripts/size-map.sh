#!/usr/bin/env bash
# Where the first download's bytes go: the main part of the release wasm (what every visit
# fetches), by crate, before gzip. The crate that instantiates a generic is not always the one
# that asked for it: reactive_graph and tachys grow with every memo, effect and view type the
# page's own code creates. Run after a release build; needs twiggy (cargo install twiggy --locked).
# Usage: scripts/size-map.sh [rows]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
linked=${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/rusty-lock.wasm
[ -f "$linked" ] || { echo "no $linked: build first (see README)" >&2; exit 1; }
command -v twiggy >/dev/null || { echo "twiggy is missing: cargo install twiggy --locked" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The same steps as the build (scripts/bin/wasm-bindgen), keeping the names for twiggy.
wasm-split-cli "$linked" "$work" --out-name main >/dev/null
wasm-bindgen --keep-lld-exports --keep-debug --target web --out-dir "$work/bg" "$work/main.wasm"
wasm-opt -Oz -g "$work/bg/main_bg.wasm" -o "$work/named.wasm" 2> >(grep -v 'unknown name subsection' >&2)
twiggy top -n 1000000 --format csv "$work/named.wasm" > "$work/top.csv"
python3 - "$work/top.csv" "${1:-20}" <<'PY'
import csv, re, sys, collections
size, count = collections.Counter(), collections.Counter()
for row in list(csv.reader(open(sys.argv[1])))[1:]:
    name, shallow = row[0], row[1]
    if not shallow.isdigit() or 'function names' in name or name.startswith('Σ'):
        continue
    generic = re.match(r'<[A-Z][A-Za-z0-9_]* as ([a-z_][a-z0-9_]*)', name)
    if 'data segment' in name:
        crate = '(data: strings, tables, vtables)'
    elif name.startswith('import '):
        crate = '(imports from JS)'
    elif re.match(r'code\[\d+\]', name):
        crate = '(code without a name)'
    elif generic:  # `<T as trait>::f`: charged to the trait's crate
        crate = generic.group(1)
    else:
        m = re.match(r'<?&?(?:mut )?\[?([a-z_][a-z0-9_]*)', name)
        crate = m.group(1) if m else '(other)'
    size[crate] += int(shallow)
    count[crate] += 1
total = sum(size.values())
print(f"Main part, by crate: {total} bytes before gzip (the names twiggy reads are left out of the count, as they are out of the dist)\n")
print(f"{'crate':36} {'bytes':>9} {'share':>6} {'items':>6}")
for crate, n in size.most_common(int(sys.argv[2])):
    print(f"{crate:36} {n:9} {100 * n / total:5.1f}% {count[crate]:6}")
PY
