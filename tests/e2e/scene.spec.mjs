// The adventure scene and its player: time travel, the code panel, the two schools, reduced
// motion, the keyboard and pause. Each in real headless Chromium against the release build.
import { test, expect } from './fixtures.mjs';
import { Playground, logLines } from './playground.page.mjs';

const boardEntries = (page) => page.getByTestId('board-entry');

test('step back restores the earlier state of the door, the lock and the board', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  expect(await pg.doorAndLock()).toEqual(['open', 'oiled']);
  await expect(boardEntries(page)).toHaveCount(1);

  // Just after the oil went in: the lock is oiled, the rusted-lock error is on the board.
  const oiled = await pg.indexOf('[data-kind="tool-succeeded"]:has-text("oil")');
  await pg.scrubTo(oiled);
  expect(await pg.doorAndLock()).toEqual(['closed', 'oiled']);
  await expect(pg.outcome).toHaveCount(0);
  await expect(pg.visibleEntries()).toHaveCount(oiled + 1);

  // One step back: the oil has not gone in yet.
  await pg.stepBack();
  expect(await pg.doorAndLock()).toEqual(['closed', 'rusted']);
  await expect(page.getByTestId('step')).toHaveText(`Step ${oiled} of ${await pg.entries().count()}`);

  // Back before the key met the rusted lock: the board is empty again.
  const rusted = await pg.indexOf('[data-kind="tool-failed"]');
  await pg.scrubTo(rusted - 1);
  await expect(boardEntries(page)).toHaveCount(0);
  await pg.stepForward();
  await expect(page.locator('[data-lane="model"] [data-testid="board-entry"]')).toHaveCount(1);

  // End comes back to the run as it finished.
  await page.getByTestId('last').click();
  await pg.waitForOutcome('answered');
  expect(await pg.doorAndLock()).toEqual(['open', 'oiled']);
  await expect(pg.visibleEntries()).toHaveCount(await pg.entries().count());
});

test('the code panel lights the retry line during a backoff', async ({ page }) => {
  const pg = new Playground(page);
  // A four-second backoff without jitter: long enough to look at.
  await pg.open('?v=1&faults=t2:503&base=4000&jitter=off');
  await pg.run();
  await expect(page.getByTestId('waiting')).toBeVisible({ timeout: 15_000 });
  // Held on the wait, so a busy machine cannot let the four seconds pass mid-check.
  await pg.playPause();
  await expect(page.getByTestId('waiting')).toHaveClass(/paused/);
  await expect(pg.litLine).toHaveCount(1);
  await expect(pg.litLine).toHaveAttribute('data-anchor', 'retry-wait');
  await expect(pg.litLine).toContainText('sleep(self.backoff(attempt');
  await expect(page.getByTestId('waiting')).toContainText('attempt 2 of 3');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-beat', 'wait');
  // The same line in the other languages.
  await page.getByTestId('code-tab-python').click();
  await expect(pg.litLine).toHaveAttribute('data-anchor', 'retry-wait');
  await expect(pg.litLine).toContainText('await sleep(backoff(attempt');
  await page.getByTestId('code-tab-typescript').click();
  await expect(pg.litLine).toHaveAttribute('data-anchor', 'retry-wait');
  // The lit line follows the run on once the wait, let go, is over.
  await pg.playPause();
  await expect(pg.litLine).not.toHaveAttribute('data-anchor', 'retry-wait', { timeout: 10_000 });
  await expect(page.getByTestId('waiting')).toHaveCount(0);
  await pg.stop();
  await pg.waitForOutcome('cancelled');
});

test('compare mode shows the naive loop failed and the robust loop answered for a 503', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=instant');
  await pg.compare(true);
  await expect(page.getByTestId('naive-scene')).toBeVisible();
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(pg.schoolOutcome('naive')).toHaveAttribute('data-result', 'failed');
  await expect(pg.schoolOutcome('robust')).toHaveAttribute('data-result', 'answered');
  expect(await pg.doorAndLock('naive-')).toEqual(['closed', 'rusted']);
  expect(await pg.doorAndLock()).toEqual(['open', 'oiled']);
  // The villain came for the naive loop only.
  await expect(page.getByTestId('naive-stage')).toHaveAttribute('data-villain', 'true');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-villain', 'false');
  // They part ways at the 503: your code catches it, nobody does.
  const failed = await pg.indexOf('[data-kind="model-call-failed"]');
  await expect(page.getByTestId('divergence')).toHaveAttribute('data-step', String(failed));
  await pg.scrubTo(failed - 1);
  await expect(page.getByTestId('divergence')).toHaveCount(0);
  await expect(pg.schoolOutcome('naive')).toHaveAttribute('data-result', 'running');
  await pg.stepForward();
  await expect(page.getByTestId('divergence')).toHaveClass(/now/);
  // The step nobody catches already reads as lost, with the villain on stage.
  await expect(pg.schoolOutcome('naive')).toHaveAttribute('data-result', 'failed');
  await expect(pg.schoolOutcome('robust')).toHaveAttribute('data-result', 'running');
  await expect(page.getByTestId('naive-stage')).toHaveAttribute('data-layer', 'nobody');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-layer', 'code');
});

test('the two schools play in step at a watchable speed', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=4');
  await pg.compare(true);
  await pg.run();
  // Playing from the first step: both scenes move together until the naive loop dies.
  await expect(page.getByTestId('play')).toHaveAttribute('data-playing', 'true');
  await expect(pg.schoolOutcome('naive')).toHaveAttribute('data-result', 'failed', { timeout: 20_000 });
  await expect(pg.schoolOutcome('robust')).toHaveAttribute('data-result', 'running');
  await pg.waitForOutcome('answered', 30_000);
  await expect(pg.schoolOutcome('robust')).toHaveAttribute('data-result', 'answered');
});

test('reduced motion reaches the same end state', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  const normal = { log: await logLines(page), scene: await pg.doorAndLock() };

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await pg.speed('4×');
  await pg.run();
  await pg.waitForOutcome('answered', 30_000);
  // Nothing moves: the hero is where the state says, without a transition.
  const hero = page.getByTestId('stage').locator('.hero');
  expect(await hero.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-spot', 'door');
  expect(await pg.doorAndLock()).toEqual(normal.scene);
  expect(await logLines(page)).toEqual(normal.log);
  await expect(page.getByTestId('scene-caption')).toContainText('The door is open');
});

test('space, the arrows, Home and End drive playback, but not while typing', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  const total = await pg.entries().count();
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Home');
  await expect(page.getByTestId('step')).toHaveText(`Step 1 of ${total}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('step')).toHaveText(`Step 4 of ${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('step')).toHaveText(`Step 3 of ${total}`);
  await page.keyboard.press('ArrowLeft');
  // Screen readers hear the step through the polite live region.
  await expect(page.getByTestId('announcer')).toContainText('Turn 1');
  // Typing in a field is not a command.
  await page.getByTestId('seed').focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('step')).toHaveText(`Step 2 of ${total}`);
  // Space plays the record from the step on screen, at a watchable speed.
  await pg.speed('1×');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveAttribute('data-playing', 'true');
  // It moves on from step 2. (Not "is on step 3": a step at 1x lasts 300-750 ms, and a loaded
  // machine can poll past it, as one full run did.)
  const step = async () => Number((await page.getByTestId('step').textContent()).match(/Step (\d+)/)[1]);
  await expect.poll(step).toBeGreaterThan(2);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveAttribute('data-playing', 'false');
  await page.keyboard.press('End');
  await pg.waitForOutcome('answered');
});

test('clicking a log line travels to that step', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await pg.entries('[data-kind="tool-failed"]').click();
  await expect(pg.litLine).toHaveAttribute('data-anchor', 'tool-catch');
  await expect(page.getByTestId('scene-caption')).toHaveAttribute('data-layer', 'model');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-beat', 'tool-error');
  await expect(pg.entries('[aria-current]')).toHaveAttribute('data-kind', 'tool-failed');
});

test('pause holds a live run, and a step lets one event through', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open();
  await pg.run();
  await expect(pg.entries('[data-kind="turn-started"]')).toHaveCount(1);
  await pg.playPause();
  await expect(page.getByTestId('play')).toHaveAttribute('data-playing', 'false');
  const held = await pg.entries().count();
  await page.waitForTimeout(1500);
  await expect(pg.entries()).toHaveCount(held);
  await pg.stepForward();
  await expect(pg.entries()).toHaveCount(held + 1);
  await pg.speed('instant');
  await pg.playPause();
  await pg.waitForOutcome('answered');
});

test('the player stays in place from Ready through a run with a backoff to its end', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:429,t3:unknowntool&speed=4');
  // Every frame, where the Play button is on the page (not on the screen: a scroll is not a shift).
  await page.evaluate(() => {
    const tops = (window.__playTops = new Set());
    const play = document.querySelector('[data-testid="play"]');
    const frame = () => {
      tops.add(Math.round(play.getBoundingClientRect().top + window.scrollY));
      requestAnimationFrame(frame);
    };
    frame();
  });
  await pg.run();
  await expect(page.getByTestId('waiting')).toBeVisible();
  await pg.waitForOutcome('answered');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => [...window.__playTops])).toHaveLength(1);
});

test('paused on a wait, the wait spinner stops too', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&base=4000&cap=4000&jitter=off');
  await pg.run();
  const waiting = page.getByTestId('waiting');
  // At 1× the wait comes about 13 s into the run: a 15 s bound failed once on a busy machine.
  await expect(waiting).toBeVisible({ timeout: 45_000 });
  const spin = () => waiting.locator('.spinner').evaluate((el) => getComputedStyle(el).animationPlayState);
  expect(await spin()).toBe('running');
  await pg.playPause();
  await expect(waiting).toHaveClass(/paused/);
  expect(await spin()).toBe('paused');
  await pg.playPause();
  await expect(waiting).not.toHaveClass(/paused/);
});

// ---------- Compare mode's code: the naive loop beside the robust one ----------

test('compare mode at 1280x800 shows the naive and the robust code side by side', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=instant');
  await pg.compare(true);
  const naive = page.getByTestId('naive-code').locator('.code');
  const robust = page.locator('#code-listing');
  await expect(naive).toBeVisible();
  await expect(robust).toBeVisible();
  await expect(page.getByTestId('naive-code')).toContainText('Naive loop');
  await expect(page.getByTestId('code-panel')).toContainText('Robust loop');
  expect(await page.getByTestId('naive-code-line').count()).toBeGreaterThan(10);
  const [a, b] = [await naive.boundingBox(), await robust.boundingBox()];
  expect(Math.abs(a.y - b.y), 'the two listings start level').toBeLessThan(4);
  expect(a.x + a.width, 'the naive listing is left of the robust one').toBeLessThanOrEqual(b.x);
  expect(b.x + b.width).toBeLessThanOrEqual(1280);
  expect(a.width, 'each listing has room to be read').toBeGreaterThan(380);
});

/** The naive line marked as the missing catch, and the robust line marked as making it. */
function catchMarks(page) {
  return {
    missing: page.locator('[data-testid="naive-code-line"][data-catch-missing="true"]'),
    made: page.locator('[data-testid="code-line"][data-caught="true"]'),
  };
}

test('a 503 lights the missing retry in the naive code where the loops part, and not before', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=instant');
  await pg.compare(true);
  await expect(page.getByTestId('naive-code')).toBeVisible();
  const { missing, made } = catchMarks(page);
  await pg.run();
  await pg.waitForOutcome('answered');
  const failed = await pg.indexOf('[data-kind="model-call-failed"]');
  await pg.scrubTo(failed - 1);
  await expect(missing).toHaveCount(0);
  await expect(made).toHaveCount(0);
  await pg.stepForward();
  await expect(missing).toHaveCount(1);
  await expect(missing).toHaveAttribute('data-missing', /\btransient\b/);
  await expect(missing).toHaveAttribute('data-anchor', 'send');
  await expect(missing).toContainText('no catch here');
  await expect(made).toHaveAttribute('data-anchor', 'transient');
  await expect(made).toContainText('caught here');
  // Each language marks its own line.
  await page.getByTestId('code-tab-python').click();
  await expect(missing).toContainText('await send(history)');
  await expect(made).toContainText('if err.transient');
});

test('a tool error lights the missing tool catch in the naive code', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:unknowntool&speed=instant');
  await pg.compare(true);
  await expect(page.getByTestId('naive-code')).toBeVisible();
  const { missing, made } = catchMarks(page);
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(missing).toHaveAttribute('data-missing', /\btool-catch\b/);
  await expect(missing).toHaveAttribute('data-anchor', 'run-tool');
  await expect(made).toHaveAttribute('data-anchor', 'tool-catch');
  const failed = await pg.indexOf('[data-kind="tool-failed"]');
  await pg.scrubTo(failed - 1);
  await expect(missing).toHaveCount(0);
});
