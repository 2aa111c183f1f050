#!/usr/bin/env bash
# Tests scripts/bin/wasm-bindgen and scripts/split-stage.sh without a build: copies of both run
# in a temporary tree with fake wasm-bindgen, wasm-split-cli, wasm-opt and terser first on PATH
# (each logs how it was called and writes files shaped like the real ones). Checks: both
# spellings of --out-dir and --out-name; a wasm without split points going to wasm-bindgen
# unchanged; a release build stopping when index.html's data-wasm-opt cannot be read; the stage
# step copying this build's parts, and stopping on a split/ from another build, on parts changed
# after the split, and on a wasm with split points that was never split.
# Usage: scripts/test-split.sh   (scripts/test.sh runs it)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
failures=0
pass() { printf '  ok    %s\n' "$1"; }
fail() { printf '  FAIL  %s\n' "$1" >&2; failures=$((failures + 1)); }
check() { local what=$1; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }

# The tree: scripts/bin/wasm-bindgen and scripts/split-stage.sh as in the repository, an index.html
# per case, and the fake tools.
mkdir -p "$t/repo/scripts/bin" "$t/fake" "$t/log"
cp "$here/bin/wasm-bindgen" "$t/repo/scripts/bin/"
cp "$here/split-stage.sh" "$t/repo/scripts/"
page() { printf '<html><head>\n    %s\n</head></html>\n' "$1" > "$t/repo/index.html"; }

cat > "$t/fake/wasm-bindgen" <<'EOF'
#!/usr/bin/env bash
# Fake wasm-bindgen: logs its arguments, writes <out-dir>/<out-name>.js and _bg.wasm.
printf '%s\n' "$@" > "$FAKE_LOG/bindgen.args"
out_dir="" out_name="" input=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out-dir=*) out_dir="${1#*=}" ;; --out-name=*) out_name="${1#*=}" ;;
    --out-dir) out_dir="$2"; shift ;; --out-name) out_name="$2"; shift ;;
    --version) echo "wasm-bindgen 0.2.130"; exit 0 ;;
    *.wasm) input="$1" ;;
  esac
  shift
done
mkdir -p "$out_dir"
cp "$input" "$out_dir/${out_name}_bg.wasm"
if grep -q SPLIT-MAIN "$input"; then
  printf 'import { load } from "./__wasm_split.js";\nexport default load;\n' > "$out_dir/$out_name.js"
elif grep -q __wasm_split_placeholder__ "$input"; then
  printf 'import * as p from "__wasm_split_placeholder__";\nexport default p;\n' > "$out_dir/$out_name.js"
else
  printf 'export default 1;\n' > "$out_dir/$out_name.js"
fi
EOF
cat > "$t/fake/wasm-split-cli" <<'EOF'
#!/usr/bin/env bash
# Fake wasm-split-cli <input> <dir> --out-name <name>: the main part, two parts and their loader.
[ "$3" = --out-name ] || exit 9
echo "SPLIT-MAIN $(cat "$1")" > "$2/$4.wasm"
echo "engine part of $(cat "$1")" > "$2/split_engine.wasm"
echo "a chunk of $(cat "$1")" > "$2/chunk_1.wasm"
# Each file's loader in the shape the real one writes (FAKE_LOADER=other: some other shape).
file_loader() {
  if [ "${FAKE_LOADER:-}" = other ]; then printf 'const __%s = load("./%s.wasm");\n' "$1" "$1"; return; fi
  printf 'const __%s = makeLoad(() => {\n    const src = fetch(new URL("./%s.wasm", import.meta.url));\n    src.catch(() => {});\n    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));\n}\n, [%s]);\n' "$1" "$1" "$2"
}
{
  printf 'import { memory } from "./%s.js";\n' "$4"
  file_loader chunk_1 ''
  file_loader split_engine __chunk_1
  printf 'export const load = 1;\n'
} > "$2/__wasm_split.js"
EOF
cat > "$t/fake/wasm-opt" <<'EOF'
#!/usr/bin/env bash
echo "$*" >> "$FAKE_LOG/wasm-opt"
EOF
cat > "$t/fake/terser" <<'EOF'
#!/usr/bin/env bash
# terser <in> ... -o <out>
in=$1; while [ $# -gt 1 ]; do [ "$1" = -o ] && out=$2; shift; done
cp "$in" "$out"; echo "$in" >> "$FAKE_LOG/terser"
EOF
chmod +x "$t/repo/scripts/bin/wasm-bindgen" "$t/repo/scripts/split-stage.sh" "$t/fake/"*
export PATH="$t/repo/scripts/bin:$t/fake:$PATH" FAKE_LOG="$t/log" CARGO_TARGET_DIR="$t/target"
wb="$t/repo/scripts/bin/wasm-bindgen"
stage="$t/repo/scripts/split-stage.sh"
rel="$t/target/wasm-bindgen/release"
echo '__wasm_split_placeholder__ build A' > "$t/a.wasm"
echo '__wasm_split_placeholder__ build B' > "$t/b.wasm"
echo 'one plain wasm' > "$t/plain.wasm"
reset() { rm -rf "$t/target" "$t/log"/* "$t/out.txt"; }
logged() { grep -qxF -- "$1" "$t/log/bindgen.args"; }
imports_folder() { grep -q 'from "./lazy-[0-9a-f]\{16\}/__wasm_split.js"' "$1/rusty-lock.js"; }
said() { grep -q -- "$1" "$t/out.txt"; }

echo "scripts/bin/wasm-bindgen"
page '<link data-trunk rel="rust" data-bin="rusty-lock" data-wasm-opt="z" />'
for spelling in joined separate; do
  reset
  if [ $spelling = joined ]; then
    "$wb" --target=web "--out-dir=$rel" --out-name=rusty-lock "$t/a.wasm" --no-typescript
  else
    "$wb" --target web --out-dir "$rel" --out-name rusty-lock "$t/a.wasm" --no-typescript
  fi
  check "$spelling --out-dir/--out-name: split, with a stamp" test -f "$rel/split/.stamp"
  check "$spelling: the main JS imports the loader from the parts' folder" imports_folder "$rel"
  check "$spelling: the real wasm-bindgen gets the main part, with --keep-lld-exports" \
    eval 'logged "$rel/split/rusty-lock.wasm" && logged --keep-lld-exports && ! logged "$t/a.wasm"'
  if [ $spelling = joined ]; then
    check "joined: the out dir is passed on as given" logged "--out-dir=$rel"
  else
    check "separate: the out dir is passed on as given" eval 'logged --out-dir && logged "$rel" && logged rusty-lock'
  fi
  check "$spelling: every part optimised at -Oz" test "$(grep -c -- '-Oz' "$t/log/wasm-opt")" = 2
  check "$spelling: the main part is not left in split/" test ! -e "$rel/split/rusty-lock.wasm"
  check "$spelling: each file's loader is one call, fetched in a task of its own" eval \
    'grep -qF "const __chunk_1 = makeFileLoad(\"chunk_1\", []);" "$rel/split/__wasm_split.js" \
      && grep -qF "const __split_engine = makeFileLoad(\"split_engine\", [__chunk_1]);" "$rel/split/__wasm_split.js" \
      && grep -qF "function makeFileLoad(" "$rel/split/__wasm_split.js" && grep -qF "setTimeout(go, 0)" "$rel/split/__wasm_split.js" \
      && ! grep -qF "fetch(new URL(" "$rel/split/__wasm_split.js"'
done

reset
if FAKE_LOADER=other "$wb" --target=web "--out-dir=$rel" --out-name=rusty-lock "$t/a.wasm" 2> "$t/out.txt"; then
  fail "a loader in another shape should stop the build"
else
  check "a loader in another shape stops the build, saying so" said "not in the shape this script rewrites (0 of 2"
fi

reset
mkdir -p "$rel/split" && touch "$rel/split/.stamp"
"$wb" --target=web "--out-dir=$rel" --out-name=rusty-lock "$t/plain.wasm"
check "a wasm without split points goes to wasm-bindgen unchanged" \
  eval 'logged "$t/plain.wasm" && ! logged --keep-lld-exports && test ! -e "$t/log/wasm-opt"'
check "... and an earlier build's split/ is removed" test ! -e "$rel/split"

reset
"$wb" --version > "$t/out.txt"
check "--version goes straight to wasm-bindgen" said "wasm-bindgen 0.2.130"

for link in '<link data-trunk rel="rust" data-bin="rusty-lock" />' \
            '<link data-trunk rel="rust" data-bin="rusty-lock" data-wasm-opt="fast" />' \
            '<link data-trunk rel="css" href="x.css" />'; do
  reset; page "$link"
  if "$wb" --target=web "--out-dir=$rel" --out-name=rusty-lock "$t/a.wasm" 2> "$t/out.txt"; then
    fail "release, no readable data-wasm-opt ($link): should stop"
  else
    check "release, no readable data-wasm-opt ($link): stops and says so" said "data-wasm-opt"
  fi
done
reset; page '<link data-trunk rel="rust" data-bin="rusty-lock" />'
"$wb" --target=web "--out-dir=$t/target/wasm-bindgen/debug" --out-name=rusty-lock "$t/a.wasm"
check "debug: no level needed, nothing optimised or minified" \
  eval 'test -f "$t/target/wasm-bindgen/debug/split/.stamp" && test ! -e "$t/log/wasm-opt" && test ! -e "$t/log/terser"'

echo "scripts/split-stage.sh stage"
page '<link data-trunk rel="rust" data-bin="rusty-lock" data-wasm-opt="z" />'
export TRUNK_PROFILE=release TRUNK_STAGING_DIR="$t/stage" RUSTY_LOCK_SERVICE_WORKER=off
# Stages the JS of the last wasm-bindgen run under Trunk's hashed name.
stage_js() { rm -rf "$t/stage"; mkdir -p "$t/stage"; cp "$t/repo/index.html" "$t/stage/"; cp "$1" "$t/stage/rusty-lock-0123abcd.js"; }

reset
"$wb" --target=web "--out-dir=$rel" --out-name=rusty-lock "$t/a.wasm"
stage_js "$rel/rusty-lock.js"
folder=$(sed -n 's/^folder=//p' "$rel/split/.stamp")
if "$stage" stage 2> "$t/out.txt"; then
  check "this build's parts are staged in the folder the main JS names" \
    eval 'test -f "$t/stage/$folder/split_engine.wasm" && test -f "$t/stage/$folder/chunk_1.wasm"'
  check "... and the loader imports the hashed main JS" grep -q 'from "../rusty-lock-0123abcd.js"' "$t/stage/$folder/__wasm_split.js"
  check "... and 404.html is written" test -f "$t/stage/404.html"
else
  fail "stage of a fresh split: $(cat "$t/out.txt")"
fi

cp "$rel/rusty-lock.js" "$t/a.js"
"$wb" --target=web "--out-dir=$rel" --out-name=rusty-lock "$t/b.wasm"
stage_js "$t/a.js"
if "$stage" stage 2> "$t/out.txt"; then fail "a split/ from another build should stop the stage"; else
  check "a split/ from another build stops the stage, saying so" said "from an earlier build"
fi

"$wb" --target=web "--out-dir=$rel" --out-name=rusty-lock "$t/a.wasm"
stage_js "$rel/rusty-lock.js"
echo changed >> "$rel/split/chunk_1.wasm"
if "$stage" stage 2> "$t/out.txt"; then fail "parts changed after the split should stop the stage"; else
  check "parts changed after the split stop the stage" said "changed after"
fi

reset
"$wb" --target=web "--out-dir=$rel" --out-name=rusty-lock "$t/a.wasm"
rm "$rel/split/.stamp"
stage_js "$rel/rusty-lock.js"
if "$stage" stage 2> "$t/out.txt"; then fail "split/ without a stamp should stop the stage"; else
  check "split/ without a stamp stops the stage" said "no .stamp"
fi

reset
"$t/fake/wasm-bindgen" --target=web "--out-dir=$rel" --out-name=rusty-lock "$t/a.wasm"
stage_js "$rel/rusty-lock.js"
if "$stage" stage 2> "$t/out.txt"; then fail "a wasm with split points that was not split should stop the stage"; else
  check "a wasm with split points that was not split stops the stage" said "was not split"
fi

reset
"$wb" --target=web "--out-dir=$rel" --out-name=rusty-lock "$t/plain.wasm"
stage_js "$rel/rusty-lock.js"
mkdir -p "$rel/split" && echo "folder=lazy-0000000000000000" > "$rel/split/.stamp"
if "$stage" stage 2> "$t/out.txt"; then
  check "a page without split points stages no parts (an old split/ is ignored)" \
    eval 'test -f "$t/stage/404.html" && ! ls -d "$t/stage"/lazy-* 2>/dev/null'
else
  fail "a page without split points should stage: $(cat "$t/out.txt")"
fi

echo "scripts/split-stage.sh check"
export TRUNK_PROFILE=debug
check "debug: checks nothing" env PATH="$t/fake:/usr/bin:/bin" "$stage" check
export TRUNK_PROFILE=release
check "release: passes with scripts/bin/wasm-bindgen first on PATH" "$stage" check
if env PATH="$t/fake:/usr/bin:/bin" "$stage" check 2> "$t/out.txt"; then fail "release without the wrapper should stop"; else
  check "release: stops when PATH finds another wasm-bindgen" said "PATH finds"
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all split checks passed"
