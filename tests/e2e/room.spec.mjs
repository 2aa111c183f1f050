// A room of 30: presenter mode fills a projected screen, the layer that acts is on screen when it
// acts, each step stays up long enough to be read aloud, an embed fits its frame, and the teacher
// drives it from a clicker.
import { expect } from '@playwright/test';
import { test } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

function inside(b, viewport, what) {
  expect(b.top, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(b.left, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(b.bottom, `${what} bottom`).toBeLessThanOrEqual(viewport.height);
  expect(b.right, `${what} right`).toBeLessThanOrEqual(viewport.width);
}

for (const viewport of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }]) {
  test(`presenter mode at ${viewport.width}x${viewport.height}: scene, caption and layer row stay on screen through a lesson run`, async ({ page }) => {
    const pg = new Playground(page);
    await page.setViewportSize(viewport);
    await pg.goto('?lesson=server-hiccup&mode=present&speed=4&pace=timed');
    await pg.answer('code').click();
    // Through the whole run, at every failure it shows: the stamp, and all three in view.
    await expect(pg.layerStamp).toBeVisible({ timeout: 20_000 });
    const onScreen = { scene: pg.scene, 'scene-caption': pg.sceneCaption, 'layer-row': pg.layerRow, 'layer-stamp': pg.layerStamp, playback: pg.playback };
    for (const [id, hook] of Object.entries(onScreen)) inside(await pg.box(hook), viewport, id);
    await expect(pg.outcome).toBeVisible({ timeout: 30_000 });
    for (const id of ['scene', 'scene-caption', 'layer-row']) inside(await pg.box(onScreen[id]), viewport, id);
    await expect(pg.log).toHaveCount(0);
  });
}

test('presenter mode at 1920x1080 sets body text at 24 px or more', async ({ page }) => {
  const pg = new Playground(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await pg.goto('?lesson=server-hiccup&mode=present');
  await expect(pg.lessonCard).toBeVisible();
  const sizes = await page.evaluate(() => ['.lesson-goal', '.caption', '.answer', 'html'].map((s) => [s, parseFloat(getComputedStyle(document.querySelector(s)).fontSize)]));
  for (const [what, px] of sizes) expect(px, what).toBeGreaterThanOrEqual(24);
  // And the full page keeps its own size: presenter mode is what grows.
  await pg.goto('?lesson=server-hiccup');
  await expect(pg.lessonCard).toBeVisible();
  expect(await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))).toBeLessThan(20);
});

// The card fills its column with its links at the foot, the outcome sits under it, and captions
// are top-aligned: measured 0.016 at 1920 x 1080 (0.060 before).
test('in presenter mode the step from question to explanation shifts the layout by less than 0.05', async ({ page }) => {
  const pg = new Playground(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await pg.goto('?lesson=server-hiccup&mode=present&speed=4&pace=timed');
  await expect(pg.lessonQuestion).toBeVisible();
  await page.evaluate(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: false });
  });
  await pg.answer('code').click();
  await expect(pg.lessonExplanation).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(300);
  const shift = await page.evaluate(() => window.__shift);
  expect(shift).toBeLessThan(0.05);
});

test('a 503 run at 1x keeps each caption up for at least 1.2 s and lights the your-code lane during the retry', async ({ page }) => {
  test.setTimeout(90_000);
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503');
  await page.evaluate(() => {
    window.__captions = [];
    window.__litDuringWait = [];
    const caption = document.querySelector('[data-testid="scene-caption"]');
    const record = () => {
      const text = caption.textContent;
      const last = window.__captions[window.__captions.length - 1];
      if (!last || last.text !== text) window.__captions.push({ text, at: performance.now() });
    };
    new MutationObserver(record).observe(caption, { subtree: true, childList: true, characterData: true });
    // While the wait is on screen, which lane is lit?
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="waiting"]')) {
        const lit = [...document.querySelectorAll('[data-testid^="layer-lane-"][data-lit="true"]')].map((e) => e.dataset.testid);
        window.__litDuringWait.push(lit.join(','));
      }
    }).observe(document.querySelector('[data-testid="scene"]'), { subtree: true, childList: true, attributes: true });
  });
  await pg.run();
  await pg.waitForOutcome('answered', 80_000);
  const captions = await page.evaluate(() => window.__captions);
  expect(captions.length).toBeGreaterThan(8);
  const shortest = captions.slice(0, -1).map((c, i) => ({ text: c.text, ms: captions[i + 1].at - c.at })).sort((a, b) => a.ms - b.ms)[0];
  expect(shortest.ms, `shortest caption: ${shortest.text}`).toBeGreaterThanOrEqual(1200);
  const lit = await page.evaluate(() => window.__litDuringWait);
  expect(lit.length).toBeGreaterThan(0);
  expect(new Set(lit)).toEqual(new Set(['layer-lane-code']));
});

test('the stamp and the layer row name the layer that acts: the model for broken JSON, nobody for a 401', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto('?v=1&faults=t2:badjson&speed=4');
  await pg.run();
  await expect(pg.layerStamp).toHaveAttribute('data-layer', 'model', { timeout: 20_000 });
  await expect(pg.layerLane('model')).toHaveAttribute('data-lit', 'true');
  await expect(pg.outcome).toBeVisible({ timeout: 30_000 });
  // The broken JSON and the rusted lock: two tool errors, both the model's to read.
  await expect(pg.layerCount('model')).toHaveText('2');
  await pg.goto('?v=1&faults=t2:401&speed=instant');
  await pg.run();
  await expect(pg.outcome).toHaveAttribute('data-outcome', 'failed');
  await expect(pg.layerStamp).toHaveAttribute('data-layer', 'nobody');
  await expect(pg.layerLane('nobody')).toHaveAttribute('data-lit', 'true');
  await expect(pg.layerLane('code')).toHaveAttribute('data-lit', 'false');
});

test('an 800x600 embed shows the scene, the layer row, the player and the outcome inside its frame', async ({ page }) => {
  const viewport = { width: 800, height: 600 };
  const pg = new Playground(page);
  await page.setViewportSize(viewport);
  await pg.goto('?v=1&faults=t2:503&mode=embed&speed=instant');
  await pg.run();
  await expect(pg.outcome).toBeVisible();
  for (const [id, hook] of Object.entries({ scene: pg.scene, 'layer-row': pg.layerRow, playback: pg.playback, outcome: pg.outcome })) {
    inside(await pg.box(hook), viewport, id);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
});

test('a clicker and the keyboard answer, show and run a lesson in timed playback; Show me does not judge', async ({ page }) => {
  test.setTimeout(90_000);
  const pg = new Playground(page);
  await pg.goto('?lesson=bad-key&mode=present&speed=instant&pace=timed');
  await expect(pg.lessonQuestion).toBeVisible();
  await page.keyboard.press('3');
  await expect(pg.lessonExplanation).toHaveAttribute('data-correct', 'true');
  // The clicker's next key goes to the next lesson; "." shows its answer without a guess.
  await page.keyboard.press('PageDown');
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'bad-request-retried');
  await page.keyboard.press('.');
  await expect(pg.lessonQuestion).toHaveCount(0);
  const explanation = pg.lessonExplanation;
  await expect(explanation).toBeVisible({ timeout: 45_000 });
  await expect(explanation).not.toHaveAttribute('data-correct', /.*/);
  await expect(explanation).not.toContainText('Not quite');
  await expect(explanation).toContainText('Nobody');
});

test('a speed and timed playback chosen in presenter mode stay for the next lesson, by the clicker and by the link', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto('?lesson=bad-key&mode=present&pace=timed');
  await expect(pg.lessonQuestion).toBeVisible();
  await pg.speed('0.5×');
  // The clicker's keys are not the select's: the teacher has moved on from it.
  await pg.pressKey('PageDown');
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'bad-request-retried');
  await expect(page).toHaveURL(/[?&]speed=0\.5(&|$)/);
  await expect(page).toHaveURL(/[?&]pace=timed(&|$)/);
  await expect(pg.speedSelect.locator('option:checked')).toHaveText('0.5×');
  // The card's own links carry it too, and follow a new choice.
  await expect(pg.lessonNext).toHaveAttribute('href', /[?&]speed=0\.5(&|$)/);
  await pg.speed('2×');
  await expect(pg.lessonPrev).toHaveAttribute('href', /[?&]speed=2(&|$)/);
  await pg.pressKey('PageUp');
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'bad-key');
  await expect(pg.speedSelect.locator('option:checked')).toHaveText('2×');
});

test('narrate mode holds each beat until the clicker moves it on, goes back, and moves to the next lesson at the end', async ({ page }) => {
  test.setTimeout(120_000);
  const pg = new Playground(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await pg.goto('?lesson=server-hiccup&mode=present&speed=2');
  await expect(pg.lessonQuestion).toBeVisible();
  await expect(pg.keysHint).toContainText('PageDown');
  // The clicker's next key answers nothing: it shows the run's first beat (the start and a first
  // turn that goes well: the call out, the reply, the tool and its result), judging nobody.
  await page.keyboard.press('PageDown');
  await expect(pg.lessonQuestion).toHaveCount(0);
  await expect.poll(async () => (await pg.steps()).of).toBeGreaterThan(2);
  const first = await pg.settledSteps();
  expect(first.at).toBe(first.of);
  // Held: longer than any step's time at 2x (a failure's is 1.3 s), nothing moves.
  await page.waitForTimeout(3500);
  expect(await pg.steps()).toEqual(first);
  await expect(pg.playButton).toHaveAttribute('data-playing', 'false');
  let presses = 1;
  // The arrows and Space show exactly one step more.
  const k = first.of;
  for (const [key, n] of [['ArrowRight', k + 1], ['Space', k + 2]]) {
    await page.keyboard.press(key);
    await expect.poll(() => pg.steps(), { message: key, timeout: 15_000 }).toEqual({ at: n, of: n });
  }
  // Back: the left arrow one step, PageUp to the end of the beat before; then forward again
  // over the record, by a step and by a beat.
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => pg.steps()).toEqual({ at: k + 1, of: k + 2 });
  await page.keyboard.press('PageUp');
  await expect.poll(() => pg.steps()).toEqual({ at: k, of: k + 2 });
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => pg.steps()).toEqual({ at: k + 1, of: k + 2 });
  await page.keyboard.press('PageDown');
  presses++;
  await expect.poll(async () => (await pg.steps()).at).toBeGreaterThan(k + 1);
  // The failure's step waits with its stamp up, like every other; each press of the clicker
  // moves at least one step, and the whole lesson takes no more than twelve.
  let stamped = false;
  for (let n = 0; n < 40 && !(await pg.outcome.count()); n++) {
    const before = await pg.steps();
    await page.keyboard.press('PageDown');
    presses++;
    await expect.poll(async () => (await pg.steps()).of, { timeout: 15_000 }).toBeGreaterThan(before.at);
    const now = await pg.steps();
    expect(now.at).toBe(now.of);
    stamped ||= (await pg.layerStamp.count()) > 0;
  }
  expect(presses, 'presses of the clicker for the whole lesson').toBeLessThanOrEqual(12);
  expect(stamped, 'a failure step was shown with its stamp').toBe(true);
  await expect(pg.outcome).toHaveAttribute('data-outcome', 'answered');
  await expect(pg.lessonExplanation).toBeVisible();
  await expect(pg.lessonExplanation).not.toHaveAttribute('data-correct', /.*/);
  // At the end, the next key is the next lesson, still narrated.
  await page.keyboard.press('PageDown');
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'rate-limited');
  await expect(pg.lessonQuestion).toBeVisible();
  expect(page.url()).toContain('mode=present');
  expect(page.url()).not.toContain('pace=');
  // Before any step, PageUp goes back a lesson.
  await page.keyboard.press('PageUp');
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'server-hiccup');
  // T is timed playback, kept in the link; its own keys hint says so.
  await page.keyboard.press('t');
  await expect(page).toHaveURL(/[?&]pace=timed(&|$)/);
  await expect(pg.keysHint).not.toContainText('PageDown');
  await page.keyboard.press('2');
  await pg.waitForOutcome('answered', 60_000);
});

test('the narrate keys hint speaks the page language', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto('?lesson=server-hiccup&mode=present&lang=fr');
  await expect(pg.keysHint).toContainText('Pg Suiv');
  await pg.goto('?lesson=server-hiccup&mode=present&lang=zh');
  await expect(pg.keysHint).toContainText('翻页器');
});

test('Space runs a fresh page, and pause at the first failure holds playback on it', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto('?v=1&faults=t2:503&speed=2');
  await pg.pauseAtFailure.check();
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('Space');
  await expect(pg.layerStamp).toHaveAttribute('data-layer', 'code', { timeout: 20_000 });
  await expect(pg.playButton).toHaveAttribute('data-playing', 'false');
  const held = await pg.sceneCaption.textContent();
  await page.waitForTimeout(1500);
  expect(await pg.sceneCaption.textContent()).toBe(held);
  await page.keyboard.press('Space');
  await pg.waitForOutcome('answered', 40_000);
});

test('a cold visitor sees where to start, and it opens lesson 1', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto();
  const start = pg.startHere;
  await expect(start).toBeVisible();
  const b = await pg.box(start);
  expect(b.bottom).toBeLessThanOrEqual(800);
  await start.getByRole('link').click();
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'rusted-lock');
  await expect(pg.startHere).toHaveCount(0);
  // It sits in the Ready banner, whose height a run keeps: nothing moves when a run starts.
  await pg.goto('?v=1&speed=4');
  const before = await pg.box(pg.scene);
  await pg.run();
  await expect(pg.startHere).toHaveCount(0);
  expect((await pg.box(pg.scene)).top).toBe(before.top);
});

test('compare mode at 1280x800 puts the two scenes side by side', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto('?v=1&faults=t2:503&speed=instant');
  await pg.compareToggle.click();
  await pg.run();
  await expect(pg.naiveScene).toBeVisible();
  const naive = await pg.box(pg.naiveScene);
  const robust = await pg.box(pg.scene);
  expect(Math.abs(naive.top - robust.top)).toBeLessThan(4);
  expect(naive.right).toBeLessThanOrEqual(robust.left);
});

test('on a phone Run stays in reach while scrolling, and the faults open as a sheet near it', async ({ page }) => {
  const pg = new Playground(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await pg.open('?v=1&speed=instant');
  await expect(page.getByTestId('fault-503')).toBeHidden();
  await pg.toggleSheet.click();
  await expect(page.getByTestId('fault-503')).toBeInViewport();
  await page.getByTestId('fault-503').click();
  await pg.toggleSheet.click();
  await expect(page.getByTestId('fault-503')).toBeHidden();
  await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await expect(pg.runButton).toBeInViewport();
  await pg.run();
  await expect(pg.outcome).toHaveAttribute('data-outcome', 'answered');
  await expect(page).toHaveURL(/faults=t2%3A503|faults=t2:503/);
});

test('a long ending (the hand-over) does not grow the banner or move the scene', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&model=stubborn&speed=instant');
  const before = await pg.box(pg.scene);
  await pg.run();
  await expect(pg.outcome).toHaveAttribute('data-outcome', 'escalated');
  expect((await pg.box(pg.scene)).top).toBe(before.top);
});

// The history the hero carries has its count drawn over the bundle; in the doorway it stood on the
// door itself. At the end of a run the hero is in the doorway: the count must be off the door.
for (const viewport of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }, { width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  for (const mode of ['full', 'present']) {
    test(`the message counter does not overlap the door at ${viewport.width}x${viewport.height} (${mode})`, async ({ page }) => {
      const pg = new Playground(page);
      await page.setViewportSize(viewport);
      await pg.goto(`?v=1&speed=instant${mode === 'present' ? '&mode=present&pace=timed' : ''}`);
      await pg.run();
      await expect(pg.outcome).toHaveAttribute('data-outcome', 'answered');
      await expect(pg.stage).toHaveAttribute('data-spot', 'door');
      const count = page.locator('[data-testid="stage"] .bundle-count');
      await expect(count).toBeVisible();
      // Measure where everything comes to rest.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      const c = await pg.box(count, { exact: true });
      const d = await pg.box(pg.door, { exact: true });
      const overlap = c.left < d.right && d.left < c.right && c.top < d.bottom && d.top < c.bottom;
      expect(overlap, `counter ${JSON.stringify(c)} and door ${JSON.stringify(d)}`).toBe(false);
    });
  }
}
