// The first-playable behaviours, each in real headless Chromium against the release build.
import { test, expect } from './fixtures.mjs';
import { slowness, scaled } from './responsiveness.mjs';
import { Playground, logComplete } from './playground.page.mjs';

test('the default run ends answered with the door open', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open();
  await expect(pg.door).toHaveAttribute('data-state', 'closed');
  await expect(pg.lock).toHaveAttribute('data-state', 'rusted');
  await pg.speed('instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(pg.door).toHaveAttribute('data-state', 'open');
  await expect(pg.lock).toHaveAttribute('data-state', 'oiled');
  // The rusted lock came back to the model as a tool error, and only that.
  const failures = pg.entries('[data-layer]');
  await expect(failures).toHaveCount(1);
  await expect(failures.first()).toHaveAttribute('data-kind', 'tool-failed');
  await expect(failures.first()).toHaveAttribute('data-layer', 'model');
  expect((await pg.kinds()).at(-1)).toBe('finished');
});

test('a 503 is retried by your code and the run still ends answered', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open();
  await pg.speed('instant');
  await pg.fault('503', { turn: 2 });
  await pg.run();
  await pg.waitForOutcome('answered');
  const failed = pg.entries('[data-kind="model-call-failed"]');
  await expect(failed).toHaveCount(1);
  await expect(failed.first()).toHaveAttribute('data-layer', 'code');
  await expect(pg.entries('[data-kind="retry-scheduled"]')).toHaveCount(1);
  await expect(page.locator('[data-lane="code"] [data-testid="board-entry"]')).toHaveCount(1);
  await expect(pg.door).toHaveAttribute('data-state', 'open');
});

test('a 401 ends the run failed in layer nobody, with no retry', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open();
  await pg.speed('instant');
  await pg.fault('401', { turn: 2 });
  await pg.run();
  await pg.waitForOutcome('failed');
  const failed = pg.entries('[data-kind="model-call-failed"]');
  await expect(failed).toHaveCount(1);
  await expect(failed.first()).toHaveAttribute('data-layer', 'nobody');
  await expect(pg.entries('[data-kind="retry-scheduled"]')).toHaveCount(0);
  await expect(page.locator('[data-lane="nobody"] [data-testid="board-entry"]')).toHaveCount(1);
  // What happened before the failure stays visible.
  await expect(pg.entries('[data-kind="tool-succeeded"]')).toHaveCount(1);
  await expect(pg.door).toHaveAttribute('data-state', 'closed');
});

test('Stop during a backoff cancels the run at once', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open();
  await pg.speed('4×');
  await pg.fault('429', { turn: 1 });
  await pg.run();
  await expect(pg.waiting).toBeVisible();
  await pg.stop();
  // At once: 2 s on a quiet machine, scaled to this one.
  await pg.waitForOutcome('cancelled', scaled(2_000, await slowness(page)));
  const kinds = await pg.kinds();
  expect(kinds.at(-2)).toBe('retry-scheduled');
  expect(kinds.filter((k) => k === 'model-called')).toHaveLength(1);
});

test('Stop cuts a 1,000-turn run at instant speed partway', async ({ page }) => {
  // At instant speed the loop gives the browser a turn every few milliseconds, so a click on
  // Stop is handled while the run is still going, not after it has ended on its own.
  const pg = new Playground(page);
  await pg.open('?v=1&model=stubborn&repeat=off&errors=0&turns=1000&speed=instant');
  // A first run to the end, so the engine part is loaded and the second run starts at once.
  await pg.run();
  await pg.waitForOutcome('gave-up');
  // Then a person's clicks: Run, and Stop right after. (locator.click waits for the page to
  // answer round trips and to look settled, and it hardly paints during an instant run.)
  const press = async (id) => {
    const box = await page.getByTestId(id).boundingBox();
    return () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };
  const [run, stop] = [await press('run'), await press('stop')];
  await run();
  await stop();
  await pg.waitForOutcome('cancelled', scaled(5_000, await slowness(page)));
  expect(await pg.entries('[data-kind="turn-started"]').count()).toBeLessThan(1000);
});

test('a long instant run logs every step in order, and looking back right after marks the early step', async ({ page }) => {
  // The log parses a large batch's earlier lines at idle moments after it: looking back at once
  // must still find them, and once idle the log holds every step, in order.
  const pg = new Playground(page);
  await pg.open('?v=1&model=stubborn&repeat=off&errors=0&turns=1000&speed=instant');
  await pg.run();
  await expect(pg.outcome).toHaveAttribute('data-outcome', 'gave-up', { timeout: 60_000 });
  await pg.scrubTo(10);
  await expect(pg.entries('[data-index="10"]')).toHaveAttribute('aria-current', 'step');
  await expect(pg.entries('[data-index="11"]')).toHaveAttribute('data-future', '');
  await expect(pg.entries('[data-index="9"]')).not.toHaveAttribute('data-future', '');
  const { of } = await pg.steps();
  await logComplete(page);
  const indices = await pg.entries().evaluateAll((els) => els.map((e) => Number(e.dataset.index)));
  expect(indices).toEqual([...Array(of).keys()]);
  await expect(pg.entries('[data-kind="turn-started"]')).toHaveCount(1000);
});

test('a harness bug is shown as a failure, not swallowed', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open();
  await pg.speed('instant');
  await pg.fault('bug', { turn: 1 });
  await pg.run();
  await pg.waitForOutcome('failed');
  await expect(pg.outcome).toContainText('bug in the harness');
  await expect(page.locator('[data-lane="nobody"] [data-kind="harness-bug"]')).toHaveCount(1);
});

test('a fault switched on during the run lands on a later turn', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open();
  await pg.speed('1×');
  await pg.run();
  await expect(pg.entries('[data-kind="turn-started"]')).toHaveCount(1);
  await pg.fault('502', { turn: 3 });
  await pg.speed('instant');
  await pg.waitForOutcome('answered');
  await expect(pg.entries('[data-kind="model-call-failed"][data-layer="code"]')).toHaveCount(1);
});
