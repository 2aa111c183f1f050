// The backoff strip and the retry rules (issue 15): one bar per retry beside the scene and in the
// verdict, ticks where the log's waits are, the strip as it was when stepping back, and a 400
// that a retry-everything harness meets on every attempt.
import { test, expect } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

/** The waits of the log's retry lines, in ms, read from their text ("370 ms" or "1.2 s"). */
async function loggedWaits(pg) {
  const texts = await pg.entries('[data-kind="retry-scheduled"]').evaluateAll((els) =>
    els.map((e) => e.querySelector('.entry-text')?.textContent ?? e.textContent));
  return texts.map((t) => {
    const m = t.match(/(\d+(?:\.\d)?) (ms|s)\b/);
    return m[2] === 'ms' ? { ms: Number(m[1]), slack: 0 } : { ms: Number(m[1]) * 1000, slack: 50 };
  });
}

/** Each bar of a strip: its wait, ceiling and where its tick is drawn, as a share of the scale. */
async function bars(strip) {
  return strip.evaluate((el) => {
    const svg = el.querySelector('svg');
    const x0 = Number(svg.dataset.x0), width = Number(svg.dataset.scaleWidth), scale = Number(svg.dataset.scaleMs);
    return [...el.querySelectorAll('[data-testid="strip-bar"]')].map((g) => ({
      attempt: Number(g.dataset.attempt),
      wait: Number(g.dataset.waitMs),
      ceiling: Number(g.dataset.ceilingMs),
      tick: ((Number(g.querySelector('[data-testid="strip-tick"]').getAttribute('x1')) - x0) / width) * scale,
      ceilingWidth: (Number(g.querySelector('.strip-ceiling').getAttribute('width')) / width) * scale,
    }));
  });
}

function expectTicksOnTheLoggedWaits(drawn, logged) {
  expect(drawn.map((b) => b.attempt)).toEqual([1, 2]);
  expect(drawn.map((b) => b.ceiling)).toEqual([500, 1000]);
  for (const [i, bar] of drawn.entries()) {
    expect(Math.abs(bar.wait - logged[i].ms)).toBeLessThanOrEqual(logged[i].slack);
    expect(Math.abs(bar.tick - bar.wait)).toBeLessThanOrEqual(1); // the tick is where the wait is
    expect(Math.abs(bar.ceilingWidth - bar.ceiling)).toBeLessThanOrEqual(1);
    expect(bar.wait).toBeLessThanOrEqual(bar.ceiling);
  }
}

test('a 503x2 run shows one bar per retry, beside the scene and in the verdict, with ticks on the logged waits', async ({ page }) => {
  const pg = new Playground(page);
  // At 4x: a whole run at 1x takes over 30 s, too near the wait for its outcome on a busy
  // machine. The waits drawn and logged are the run's own, whatever the playback speed.
  await pg.open('?v=1&faults=t2:503x2&speed=4');
  await pg.run();
  // The strip's part is fetched when the first wait is on screen; on a busy machine that wait
  // (under half a second) may be over before it arrives, so the strip is checked at each wait by
  // stepping back to it, which shows the strip exactly as it was then.
  const strip = page.getByTestId('scene-strip').getByTestId('backoff-strip');
  await pg.waitForOutcome('answered', 60_000);
  // At the second wait the strip beside the scene has both bars.
  await pg.scrubTo(await pg.entries('[data-kind="retry-scheduled"]').nth(1).evaluate((e) => Number(e.dataset.index)));
  await expect(strip.getByTestId('strip-bar')).toHaveCount(2);
  const logged = await loggedWaits(pg);
  expect(logged).toHaveLength(2);
  const verdictStrip = page.getByTestId('verdict').getByTestId('backoff-strip');
  await expect(verdictStrip.getByTestId('strip-bar')).toHaveCount(2);
  expectTicksOnTheLoggedWaits(await bars(verdictStrip), logged);
  const total = logged.reduce((a, b) => a + b.ms, 0);
  expect(Math.abs(Number(await verdictStrip.getByTestId('strip-total').getAttribute('data-total-ms')) - total)).toBeLessThanOrEqual(100);
  // The countdown, the log and the strip speak one unit: no wait under a second is written in seconds.
  for (const w of logged) if (w.ms < 1000) expect(w.slack).toBe(0);

  // Stepping back to the first wait shows the strip as it was then: one bar.
  const firstWait = await pg.indexOf('[data-kind="retry-scheduled"]');
  await pg.scrubTo(firstWait);
  await expect(strip.getByTestId('strip-bar')).toHaveCount(1);
  expectTicksOnTheLoggedWaits([...(await bars(strip)), (await bars(verdictStrip))[1]], logged);
  // Before any wait, no strip beside the scene.
  await pg.scrubTo(firstWait - 2);
  await expect(strip).toHaveCount(0);
});

test('a 429 bar shows the Retry-After the server asked for, in its own colour', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:429&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  const bar = page.getByTestId('verdict').getByTestId('strip-bar');
  await expect(bar).toHaveCount(1);
  await expect(bar).toHaveAttribute('data-reason', 'retry-after');
  await expect(bar.getByTestId('strip-retry-after')).toHaveCount(1);
  await expect(bar).toHaveAttribute('data-wait-ms', '2000');
});

test('with retryall=on, a 400 on turn 2 ends failed after every attempt', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:400&retryall=on&attempts=4&speed=instant');
  await pg.run();
  await pg.waitForOutcome('failed');
  const failures = await pg.entries('[data-kind="model-call-failed"]').evaluateAll((els) => els.map((e) => e.textContent));
  expect(failures).toHaveLength(4);
  for (const f of failures) expect(f).toContain('400');
  await expect(pg.entries('[data-kind="retry-scheduled"]')).toHaveCount(3);
  await expect(pg.entries('[data-kind="model-replied"]')).toHaveCount(1); // turn 1 only
  // The verdict calls the retries a problem and has no good word for them.
  const verdict = page.getByTestId('verdict');
  await expect(verdict.locator('[data-slug="retried-permanent-failure"]')).toHaveAttribute('data-severity', 'bad');
  await expect(verdict.locator('[data-slug="recovered-with-backoff"]')).toHaveCount(0);
});
