// A new lesson during a run ends that run first, as Stop does, and the page is ready for the new
// one at once: by the clicker's key, by the lesson's own "Next lesson" link, and by the Lessons
// menu, at every step of a running lesson. The run is held step by step with the player's
// step-forward, so each step is reached exactly, whatever the machine's speed.
import { expect } from '@playwright/test';
import { test } from './fixtures.mjs';
import { Playground, logLines } from './playground.page.mjs';

const FIRST = 'rusted-lock';
const SECOND = 'server-hiccup';

/** Starts the lesson's run by answering, and holds it there (pausing holds a live run). */
async function answerAndHold(page, by) {
  if (by === 'key') await page.keyboard.press('1');
  else await page.getByTestId('answer-model').click();
  await expect(page.getByTestId('run')).toBeDisabled();
  await expect(page.getByTestId('play')).toBeEnabled();
  await page.evaluate(() => {
    const play = document.querySelector('[data-testid=play]');
    if (play.dataset.playing === 'true') play.click();
  });
  // Held, the run can be stepped at instant speed: each step comes at the press.
  await page.getByTestId('speed').selectOption({ label: 'instant' });
}

/**
 * Lets the held run on until its record has `target` steps, pressing step-forward in the page
 * itself (a press may release a wait that records nothing, so it presses again until a step
 * comes). Resolves to the steps recorded, and whether the run is still going.
 */
async function stepTo(page, target) {
  return page.evaluate(async (target) => {
    const count = () => Number(document.querySelector('[data-testid=timeline]')?.max ?? -1) + 1;
    const running = () => !document.querySelector('[data-testid=stop]').disabled;
    const forward = document.querySelector('[data-testid=step-forward]');
    const deadline = Date.now() + 30_000;
    while (count() < target && running() && Date.now() < deadline) {
      const before = count();
      forward.click();
      for (let i = 0; i < 25 && count() === before && running(); i++) await new Promise((r) => requestAnimationFrame(r));
    }
    return { steps: count(), running: running() };
  }, target);
}

async function goTo(page, by, lesson) {
  if (by === 'key') {
    await page.keyboard.press(lesson === SECOND ? 'PageDown' : 'PageUp');
  } else if (by === 'link') {
    await page.getByTestId(lesson === SECOND ? 'lesson-next' : 'lesson-prev').click();
  } else {
    await page.getByTestId('lessons').click();
    await page.getByTestId(`lesson-${lesson}`).click();
  }
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', lesson);
}

/** The page answers: no run going, its question asked, and Run and Stop as when it opened. */
async function expectReady(page) {
  await expect(page.getByTestId('run')).toBeEnabled();
  await expect(page.getByTestId('stop')).toBeDisabled();
  await expect(page.getByTestId('lesson-question')).toBeVisible();
  await expect(page.getByTestId('outcome')).toHaveCount(0);
}

for (const by of ['key', 'link', 'menu']) {
  test(`a new lesson by ${by} at every step of a running lesson ends the run, and the next lesson answers at once`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1920, height: 1080 });
    const pg = new Playground(page);
    // The clicker's keys are presenter mode's; the link and the menu are tried on the full page.
    // In timed playback the clicker's next key changes the lesson even mid-run (narrated, it would
    // show the next step: room.spec.mjs).
    await pg.open(`?lesson=${FIRST}${by === 'key' ? '&mode=present&pace=timed' : ''}`);
    let held = 0;
    for (let at = 1; ; at++) {
      await answerAndHold(page, by);
      const { steps, running } = await stepTo(page, at);
      held = steps;
      const stillRunning = running;
      await goTo(page, by, SECOND);
      await expectReady(page);
      // The speed chosen stays with the next lesson (instant, for the stepping above): its own
      // run is played at 1× so it is still going when the page moves on.
      await page.getByTestId('speed').selectOption({ label: '1×' });
      await page.evaluate(() => document.activeElement?.blur());
      // The new lesson's own run starts from its own key or answer, and is ended the same way.
      if (by === 'key') await page.keyboard.press('2');
      else await page.getByTestId('answer-code').click();
      await expect(page.getByTestId('run')).toBeDisabled();
      await goTo(page, by, FIRST);
      await expectReady(page);
      if (!stillRunning) break;
    }
    // The loop reached the run's end: every step of it was tried.
    expect(held).toBeGreaterThan(10);
  });
}

test('a trace opened during a run ends that run, and the trace plays whole', async ({ page }, testInfo) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:429,t3:unknowntool&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  const recorded = await logLines(page);
  const trace = await pg.saveTrace(testInfo.outputPath('trace.json'));
  // A slow run of another scenario, still going when the trace is opened.
  await pg.open('?v=1&faults=t2:503&speed=0.25');
  await pg.run();
  await expect(page.getByTestId('stop')).toBeEnabled();
  await page.getByTestId('import-trace').setInputFiles(trace);
  await pg.waitForOutcome('answered');
  expect(await logLines(page)).toEqual(recorded);
  await expect(page.getByTestId('run')).toBeEnabled();
  await expect(page.getByTestId('stop')).toBeDisabled();
});
