import { test, expect } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';
import { arm, unleash } from './monkey.mjs';
test('dbg', async ({ page }) => {
  const w = await arm(page);
  page.on('console', m => { if (m.type() === 'error' || m.type() === 'warning') console.log('CONSOLE', m.type(), m.text().slice(0, 200)); });
  page.on('pageerror', e => console.log('PAGEERROR', String(e).slice(0, 300)));
  await new Playground(page).open('');
  await page.evaluate(() => { window.__c = {}; for (const t of ['click','keydown','keypress','keyup','touchstart','input','scroll','mousedown','change']) window.addEventListener(t, () => { window.__c[t] = (window.__c[t]||0)+1; }, true); });
  const t0 = Date.now();
  const v = await unleash(page, { seed: 1, nb: 300 });
  console.log(Date.now() - t0, 'ms', v, await page.evaluate(() => JSON.stringify([window.__c, sessionStorage.getItem('__monkeyDone')])), w.problems());
});
