// Renders assets/icon.svg to the PNG icons the web app manifest names (Chromium wants raster
// icons of at least 144 px to call a page installable). Run it after changing the SVG:
//   node scripts/icons.mjs
// It draws the SVG in the same headless Chromium the browser tests use, so no image tool is needed.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const assets = fileURLToPath(new URL('../assets/', import.meta.url));
const svg = readFileSync(`${assets}icon.svg`, 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
  await page.screenshot({ path: `${assets}icon-${size}.png`, omitBackground: false });
  await page.close();
}
await browser.close();
