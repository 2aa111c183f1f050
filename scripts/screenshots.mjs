// Takes screenshots of the main states at desktop and phone size, for a human to look at.
// Usage: node scripts/screenshots.mjs [baseURL]  (serve dist/ first)
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
for (const [name, viewport] of Object.entries(sizes)) {
  const page = await browser.newPage({ viewport });
  await page.goto(base);
  await page.getByTestId('run').waitFor();
  await page.screenshot({ path: `screenshots/${name}-idle.png` });
  await page.getByTestId('speed').selectOption({ label: 'instant' });
  await page.getByTestId('fault-503').click();
  await page.getByTestId('fault-badjson').click();
  await page.getByTestId('fault-badjson-turn').selectOption('3');
  await page.getByTestId('run').click();
  await page.getByTestId('outcome').waitFor();
  await page.waitForTimeout(900);
  await page.screenshot({ path: `screenshots/${name}-answered.png`, fullPage: name === 'phone' });
  await page.getByTestId('fault-401').click();
  await page.getByTestId('run').click();
  await page.locator('[data-outcome="failed"]').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `screenshots/${name}-failed.png` });
  await page.close();
}
await browser.close();
