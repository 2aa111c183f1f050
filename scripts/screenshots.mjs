// Takes screenshots of the main states at desktop and phone size, for a human to look at, and of
// the adventure scene at the moments that teach something.
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
  // On a phone the faults are a sheet over the page, opened from the header.
  const inFaults = async (act) => {
    if (name === 'phone') await page.getByTestId('toggle-sheet').click();
    await act();
    if (name === 'phone') await page.getByTestId('toggle-sheet').click();
  };
  await page.getByTestId('speed').selectOption({ label: 'instant' });
  await inFaults(async () => {
    await page.getByTestId('fault-503').click();
    await page.getByTestId('fault-badjson').click();
    await page.getByTestId('fault-badjson-turn').fill('3');
    await page.getByTestId('fault-badjson-turn').press('Enter');
  });
  await page.getByTestId('run').click();
  await page.getByTestId('outcome').waitFor();
  await page.waitForTimeout(900);
  // A full-page capture does not scroll, so the log's chunks far below the viewport would stay
  // unrendered (content-visibility: auto, as for a reader who has not scrolled there yet).
  if (name === 'phone') await page.addStyleTag({ content: '.chunk { content-visibility: visible !important; }' });
  await page.screenshot({ path: `screenshots/${name}-answered.png`, fullPage: name === 'phone' });
  await inFaults(() => page.getByTestId('fault-401').click());
  await page.getByTestId('run').click();
  await page.locator('[data-outcome="failed"]').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `screenshots/${name}-failed.png` });
  await page.close();
}

// The scene at the moments that teach something: open a scenario, run it at instant speed, travel
// to a step by clicking its log line, and frame the scene (and, on a laptop, the player and the
// code panel under it).
const moments = [
  ['request', '?v=1&speed=instant', '[data-kind="model-replied"]'],
  ['tool-error', '?v=1&speed=instant', '[data-kind="tool-failed"]'],
  ['backoff', '?v=1&speed=instant&faults=t2:503x2', '[data-kind="retry-scheduled"]'],
  ['guard', '?v=1&speed=instant&model=stubborn', '[data-kind="guard-tripped"]'],
  ['villain', '?v=1&speed=instant&faults=t2:401', '[data-kind="finished"]'],
  ['compare', '?v=1&speed=instant&faults=t2:503', '[data-kind="model-call-failed"]', true],
  ['answered', '?v=1&speed=instant', '[data-kind="finished"]'],
];
for (const [name, viewport] of Object.entries(sizes)) {
  const page = await browser.newPage({ viewport });
  for (const [moment, query, entry, compare] of moments) {
    await page.goto(base + query);
    await page.getByTestId('run').waitFor();
    if (compare) await page.getByTestId('compare').click();
    await page.getByTestId('run').click();
    await page.getByTestId('outcome').waitFor();
    await page.getByTestId('event-log').locator(`li${entry}`).first().click();
    const top = compare ? 'naive-scene' : 'scene';
    await page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`).scrollIntoView({ block: 'start' }), top);
    await page.waitForTimeout(900);
    await page.screenshot({ path: `screenshots/${name}-scene-${moment}.png` });
  }
  await page.close();
}

// The workshop kit at a projector's, a laptop's and a phone's size: the agenda (answers shown),
// the handout as it prints, and presenter mode's phone QR code.
const kitSizes = { '1920': { width: 1920, height: 1080 }, '1280': { width: 1280, height: 720 }, '390': { width: 390, height: 844 } };
for (const [name, viewport] of Object.entries(kitSizes)) {
  const page = await browser.newPage({ viewport });
  await page.goto(`${base}?view=agenda`);
  await page.getByTestId('agenda-lesson').first().waitFor();
  await page.screenshot({ path: `screenshots/kit-${name}-agenda.png` });
  await page.getByTestId('agenda-answers').check();
  await page.screenshot({ path: `screenshots/kit-${name}-agenda-answers.png`, fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `screenshots/kit-${name}-handout.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`${base}?lesson=rate-limited&mode=present`);
  await page.getByTestId('phone-qr-toggle').click();
  await page.getByTestId('phone-qr-code').waitFor();
  await page.screenshot({ path: `screenshots/kit-${name}-phone-qr.png` });
  await page.close();
}
// The handout as Chromium prints it, on both papers.
{
  const page = await browser.newPage();
  await page.goto(`${base}?view=agenda`);
  await page.getByTestId('agenda-lesson').first().waitFor();
  for (const format of ['A4', 'Letter']) await page.pdf({ path: `screenshots/kit-handout-${format}.pdf`, format });
  await page.close();
}
await browser.close();
