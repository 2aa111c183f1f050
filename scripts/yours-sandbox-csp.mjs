// Keeps the hash of sandbox.html's one inline script in its own CSP: run after editing that script.
//   node scripts/yours-sandbox-csp.mjs          rewrites the hash if it changed
//   node scripts/yours-sandbox-csp.mjs --check  exits 1 if it is stale
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../assets/yours/sandbox.html', import.meta.url));
const html = readFileSync(file, 'utf8');
const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
if (scripts.length !== 1) throw new Error(`sandbox.html should have one inline script, has ${scripts.length}`);
const hash = `'sha256-${createHash('sha256').update(scripts[0][1], 'utf8').digest('base64')}'`;
const fresh = html.replace(/'sha256-[A-Za-z0-9+/=]+'/, hash);
if (fresh === html) { console.log(`sandbox.html: hash current, ${hash}`); process.exit(0); }
if (process.argv.includes('--check')) { console.error(`sandbox.html: stale hash, should be ${hash}`); process.exit(1); }
writeFileSync(file, fresh);
console.log(`sandbox.html: hash now ${hash}`);
