// Events as scripts and extensions send them, not only as a browser does: a `keydown` that is
// a plain Event with no key, a `change` or `input` with nothing to read, a click sent by a script,
// an event on an element already taken off the page. None of them throws, and the page still
// answers afterwards. (The fixture fails the test on any uncaught error in the page.)
import { expect } from '@playwright/test';
import { test } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

/** Sends `type` as a bare Event (no key, no value, no button) to every element matching `selector`. */
async function sendBare(page, selector, type) {
  return page.evaluate(([selector, type]) => {
    const targets = selector === 'window' ? [window] : selector === 'document' ? [document] : [...document.querySelectorAll(selector)];
    for (const t of targets) t.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
    return targets.length;
  }, [selector, type]);
}

const PAGES = ['?v=1', '?lesson=rusted-lock&mode=present', '?v=1&mode=embed', '?view=agenda', '?view=herd'];

for (const query of PAGES) {
  test(`${query}: bare keydown, input, change and click events from a script throw nothing`, async ({ page }) => {
    await page.goto(`/${query}`);
    await expect(page.locator('main, .agenda, [data-testid=herd-view]').first()).toBeVisible();
    // Give the lazy panels their moment, so their listeners are there too.
    await page.waitForLoadState('networkidle');
    expect(await sendBare(page, 'window', 'keydown')).toBe(1);
    await sendBare(page, 'document', 'keydown');
    expect(await sendBare(page, 'button, a, input, select, [tabindex]', 'keydown')).toBeGreaterThan(0);
    await sendBare(page, 'input, select', 'input');
    await sendBare(page, 'input, select', 'change');
    await sendBare(page, 'input', 'focus');
    // A keydown whose key is not a string, as some scripts build them.
    await page.evaluate(() => {
      const ev = new Event('keydown', { bubbles: true });
      Object.defineProperty(ev, 'key', { value: 42 });
      window.dispatchEvent(ev);
      const other = new KeyboardEvent('keydown', { bubbles: true });
      document.body.dispatchEvent(other);
    });
    await expect(page.locator('#fatal')).toBeHidden();
  });
}

test('an event sent to an element already taken off the page throws nothing', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1');
  await page.waitForLoadState('networkidle');
  // Keep hold of every control, then take the page down to another language (which draws it
  // again) and send the old ones their events.
  await page.evaluate(() => {
    window.__old = [...document.querySelectorAll('button, input, select, a')];
  });
  await page.getByTestId('language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const sent = await page.evaluate(() => {
    let n = 0;
    for (const el of window.__old) {
      if (el.isConnected) continue;
      for (const type of ['keydown', 'input', 'change']) el.dispatchEvent(new Event(type, { bubbles: true }));
      // A click on a link follows it, even off the page: that is the browser's, not the page's.
      if (el.tagName !== 'A') {
        el.dispatchEvent(new Event('click', { bubbles: true }));
        el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      }
      n++;
    }
    return n;
  });
  expect(sent).toBeGreaterThan(5);
  // And the page still answers (at the fastest speed, whatever French calls it).
  await expect(page).toHaveURL(/lang=fr/);
  await expect(page).not.toHaveURL(/view=/);
  const speed = page.getByTestId('speed');
  await speed.selectOption({ index: (await speed.locator('option').count()) - 1 });
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(page.locator('#fatal')).toBeHidden();
});

test('the fatal banner says what happened in the page\'s language and reloads the same scenario', async ({ page }) => {
  await page.goto('/?v=1&faults=t2:503&lang=fr');
  await expect(page.getByTestId('run')).toBeEnabled();
  // Worded in the page's language before anything goes wrong, and again at each switch.
  await expect(page.locator('#fatal-text')).toHaveText(/Rechargez/);
  await expect(page.getByTestId('fatal-reload')).toHaveText('Recharger');
  await page.getByTestId('language').selectOption('zh');
  await expect(page.getByTestId('fatal-reload')).toHaveText('重新加载');
  await page.getByTestId('language').selectOption('fr');
  await expect(page.getByTestId('fatal-reload')).toHaveText('Recharger');
  // The banner as the panic hook shows it: its button is plain markup, so it works whatever
  // state the page's code is in.
  await page.evaluate(() => document.getElementById('fatal').removeAttribute('hidden'));
  await expect(page.getByTestId('fatal-reload')).toBeVisible();
  await Promise.all([page.waitForEvent('load'), page.getByTestId('fatal-reload').click()]);
  await expect(page).toHaveURL(/faults=t2%3A503|faults=t2:503/);
  await expect(page.getByTestId('fault-503')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('fatal')).toBeHidden();
});
