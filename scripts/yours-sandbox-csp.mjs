// Keeps the hash of each sandbox document's one inline script in its own CSP: run after editing
// that script (sandbox.html, the JavaScript runner; sandbox-py.html, the Python runner).
//   node scripts/yours-sandbox-csp.mjs          rewrites a hash that changed
//   node scripts/yours-sandbox-csp.mjs --check  exits 1 if one is stale
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

let stale = false;
for (const name of ['sandbox.html', 'sandbox-py.html']) {
  const file = fileURLToPath(new URL(`../assets/yours/${name}`, import.meta.url));
  const html = readFileSync(file, 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
  if (scripts.length !== 1) throw new Error(`${name} should have one inline script, has ${scripts.length}`);
  const hash = `'sha256-${createHash('sha256').update(scripts[0][1], 'utf8').digest('base64')}'`;
  const fresh = html.replace(/'sha256-[A-Za-z0-9+/=]+'/, hash);
  if (fresh === html) { console.log(`${name}: hash current, ${hash}`); continue; }
  if (process.argv.includes('--check')) { console.error(`${name}: stale hash, should be ${hash}`); stale = true; continue; }
  writeFileSync(file, fresh);
  console.log(`${name}: hash now ${hash}`);
}
if (stale) process.exit(1);
