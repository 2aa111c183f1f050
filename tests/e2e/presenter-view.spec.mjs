// The presenter view a teacher can lean on (issue 43, item 9): a speaker note for each step (what
// to point at, the question for the room), the time spent against the plan's minutes, what the
// next press brings and the plan's next lesson, a way to change lesson, the projected window's
// own keys, and one projected window driven at a time.
import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import { test } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Opens the presenter view from the projected window's lesson card (its opener is that window). */
async function openFrom(room, context) {
  const [teacherPage] = await Promise.all([context.waitForEvent('page'), room.openPresenter.click()]);
  const teacher = new Playground(teacherPage);
  await expect(teacher.presenter.view).toBeVisible({ timeout: 30_000 });
  return teacher;
}

/** The presenter view's own parts, beyond the page object's. */
function view(page) {
  const id = (t) => page.getByTestId(t);
  return {
    cue: id('presenter-cue'), point: id('presenter-point'), ask: id('presenter-ask'),
    next: id('presenter-next'), after: id('presenter-after'),
    lessonTime: id('presenter-lesson-time'), workshopTime: id('presenter-workshop-time'),
    planWindow: id('presenter-plan-window'), picker: id('presenter-lesson-picker'),
    previousLesson: id('presenter-previous-lesson'), nextLesson: id('presenter-next-lesson'),
    keys: id('presenter-keys'), lesson: id('presenter-lesson'),
  };
}

test('the speaker note follows the step, names what to point at, and the time box holds the plan', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const room = new Playground(page);
  // A plan of three lessons: 5 + 5 + 4 minutes, no exercise.
  await room.goto('?lesson=server-hiccup&mode=present&lessons=rusted-lock.server-hiccup.bad-key&exercises=none');
  await expect(room.lessonQuestion).toBeVisible({ timeout: 30_000 });
  const teacher = await openFrom(room, context);
  const pv = view(teacher.page);
  await expect(pv.lesson).toContainText('Lesson 2 of 3');
  // The time box: this lesson against its minutes, the workshop against the plan's.
  await expect(pv.lessonTime).toHaveAttribute('data-minutes', '5');
  await expect(pv.lessonTime).toContainText('/ 5:00');
  await expect(pv.workshopTime).toHaveAttribute('data-minutes', '14');
  await expect(pv.workshopTime).toContainText('/ 14:00');
  await expect(pv.planWindow).toHaveText('By the plan, this lesson runs from minute 5 to minute 10.');
  // The plan's next lesson, with its minutes.
  await expect(pv.after).toHaveText('After this lesson: A bad key \u00b7 4:00');

  // While the question is up, the note is the question.
  await expect(pv.cue).toHaveAttribute('data-cue', 'question');
  await expect(pv.ask).toContainText('the model, your code, or nobody?');
  await expect(pv.next).toHaveAttribute('data-coming', 'run');

  // Each press, the note follows the step on the projected screen.
  await teacher.presenter.nextButton.click();
  await expect(room.lessonQuestion).toHaveCount(0);
  const seen = new Map();
  for (let n = 0; n < 20 && !(await room.outcome.count()); n++) {
    const before = await room.settledSteps();
    const beat = await page.locator('[data-beat]').first().getAttribute('data-beat');
    await expect(teacher.presenter.step).toHaveText(`Step ${before.at} of ${before.of}`);
    const cue = await pv.cue.getAttribute('data-cue');
    seen.set(cue, await pv.point.innerText());
    // What to point at is worded, and the question is a question.
    expect(await pv.point.innerText(), `the note for ${beat}`).not.toBe('');
    await expect(pv.ask).toHaveText(/\?$/);
    if (beat === 'call-failed') expect(cue).toBe('call-retried');
    if (beat === 'wait') expect(cue).toBe('wait');
    // Mid-run, the Next box says what the next press brings.
    if (!(await room.outcome.count())) await expect(pv.next).toHaveAttribute('data-coming', /.+/);
    await teacher.page.keyboard.press('PageDown');
    await expect.poll(async () => (await room.steps()).of, { timeout: 20_000 }).toBeGreaterThan(before.of);
  }
  await room.settledSteps();
  await expect(room.outcome).toBeVisible();
  await expect(pv.cue).toHaveAttribute('data-cue', 'answered');
  seen.set('answered', await pv.point.innerText());
  expect(seen.has('call-retried'), `the 503 was cued (${[...seen.keys()]})`).toBe(true);
  expect(new Set(seen.values()).size, 'a different thing to point at for each kind of step').toBe(seen.size);
  await expect(pv.next).toHaveText('Next lesson: A bad key');
  // The clock is a clock, whatever the time it shows.
  await expect(teacher.presenter.clock).toHaveText(/^\d+:\d\d$/);
});

test('N, P and the lesson picker move the projected window, keeping presenter mode, speed and pace', async ({ page, context }) => {
  test.setTimeout(90_000);
  const room = new Playground(page);
  await room.goto('?lesson=server-hiccup&mode=present&speed=2&pace=timed');
  await expect(room.lessonQuestion).toBeVisible({ timeout: 30_000 });
  const teacher = await openFrom(room, context);
  const pv = view(teacher.page);
  await expect(pv.lesson).toContainText('Lesson 2 of 16');
  const kept = async (lesson) => {
    await expect(room.lessonCard).toHaveAttribute('data-lesson', lesson);
    await expect(page).toHaveURL(/[?&]mode=present(&|$)/);
    await expect(page).toHaveURL(/[?&]speed=2(&|$)/);
    await expect(page).toHaveURL(/[?&]pace=timed(&|$)/);
  };
  await teacher.pressKey('n');
  await kept('rate-limited');
  await expect(pv.lesson).toContainText('Lesson 3 of 16');
  await teacher.pressKey('P');
  await kept('server-hiccup');
  await pv.picker.selectOption('why-jitter');
  await kept('why-jitter');
  await expect(pv.lesson).toContainText('Lesson 12 of 16');
  await expect(pv.picker).toHaveValue('why-jitter');
  await pv.previousLesson.click();
  await kept('retries-used-up');
  await pv.nextLesson.click();
  await kept('why-jitter');
});

test('past the last lesson the presenter view follows the room onto the closing screen, and P brings both back', async ({ page, context }) => {
  test.setTimeout(90_000);
  const room = new Playground(page);
  await room.goto('?lesson=finish-reason&mode=present&lang=fr');
  await expect(room.lessonQuestion).toBeVisible({ timeout: 30_000 });
  const teacher = await openFrom(room, context);
  const pv = view(teacher.page);
  await expect(pv.lesson).toContainText('16');
  await teacher.pressKey('n');
  await expect(page.getByTestId('closing')).toBeVisible({ timeout: 30_000 });
  await expect(teacher.page.getByTestId('presenter-closing')).toContainText("La fin de l'atelier est à l'écran");
  // On this loopback address the room's phones cannot follow the exercises' codes: the teacher's
  // screen says so, the projected one never does.
  await expect(teacher.page.getByTestId('qr-loopback-warning')).toBeVisible();
  await expect(page.getByTestId('qr-loopback-warning')).toBeHidden();
  await expect(pv.next).toContainText('PageUp ou P');
  await expect(pv.lesson).toHaveText("Fin de l'atelier");
  await expect(pv.lessonTime).toHaveCount(0);
  // The picker names the closing screen, not a lesson that is not open.
  await expect(pv.picker).toHaveValue('');
  await expect(pv.picker.locator('option:checked')).toHaveText("Fin de l'atelier");
  await teacher.pressKey('P');
  await expect(room.lessonCard).toHaveAttribute('data-lesson', 'finish-reason', { timeout: 30_000 });
  await expect(page).toHaveURL(/[?&]mode=present(&|$)/);
  await expect(page).toHaveURL(/[?&]lang=fr(&|$)/);
  await expect(teacher.page.getByTestId('presenter-closing')).toHaveCount(0);
  await expect(pv.lesson).toContainText('16');
  await expect(pv.picker).toHaveValue('finish-reason');
  // From the closing screen the lesson picker opens any lesson of the plan.
  await teacher.pressKey('n');
  await expect(page.getByTestId('closing')).toBeVisible({ timeout: 30_000 });
  await expect(teacher.page.getByTestId('presenter-closing')).toBeVisible();
  await pv.picker.selectOption('bad-key');
  await expect(room.lessonCard).toHaveAttribute('data-lesson', 'bad-key', { timeout: 30_000 });
  await expect(pv.lesson).toContainText('4');
});

test('while a call is silent the presenter view says the next press shows the watchdog giving up, and it does', async ({ page, context }) => {
  test.setTimeout(60_000);
  const room = new Playground(page);
  await room.goto('?lesson=never-ending-turn&mode=present&speed=1');
  await expect(room.lessonQuestion).toBeVisible({ timeout: 30_000 });
  const teacher = await openFrom(room, context);
  const pv = view(teacher.page);
  const stage = page.getByTestId('stage');
  await teacher.presenter.nextButton.click();
  await expect(stage).toHaveAttribute('data-beat', 'tool-ok', { timeout: 30_000 });
  // Turn 2: the call goes out and the oracle never answers. The room counts the silence down.
  await teacher.presenter.nextButton.click();
  await expect(page.getByTestId('waiting')).toContainText('No answer for');
  await expect(pv.next).toHaveAttribute('data-coming', 'watchdog');
  await expect(pv.next).toContainText('the watchdog gives up on the silent call');
  await teacher.presenter.nextButton.click();
  await expect(stage).toHaveAttribute('data-beat', 'call-failed');
  await expect(pv.next).toHaveAttribute('data-coming', 'wait');
});

test('on a 1280x800 laptop the presenter view fits: the lesson picker is above the Back/Next bar, nothing to scroll', async ({ page, context }) => {
  const room = new Playground(page);
  await room.goto('?lesson=rate-limited&mode=present');
  await expect(room.lessonQuestion).toBeVisible({ timeout: 30_000 });
  const teacher = await openFrom(room, context);
  await teacher.page.setViewportSize({ width: 1280, height: 800 });
  const pv = view(teacher.page);
  await expect(pv.picker).toBeVisible();
  const picker = await pv.picker.boundingBox();
  const bar = await teacher.page.locator('.pv-controls').boundingBox();
  expect(picker.y + picker.height, 'the picker row ends above the bar').toBeLessThanOrEqual(bar.y);
  expect(await teacher.page.evaluate(() => document.documentElement.scrollHeight <= innerHeight)).toBe(true);
});

test('F and End pressed in the presenter view jump the projected run to its failure and its outcome', async ({ page, context }) => {
  test.setTimeout(90_000);
  const room = new Playground(page);
  await room.goto('?lesson=server-hiccup&mode=present');
  await expect(room.lessonQuestion).toBeVisible({ timeout: 30_000 });
  const teacher = await openFrom(room, context);
  const pv = view(teacher.page);
  await teacher.presenter.nextButton.click();
  await expect(room.lessonQuestion).toHaveCount(0);
  await room.settledSteps();
  await expect(room.outcome).toHaveCount(0);
  await teacher.pressKey('f');
  await expect(pv.cue).toHaveAttribute('data-cue', 'call-retried', { timeout: 20_000 });
  await expect(page.locator('[data-beat]').first()).toHaveAttribute('data-beat', 'call-failed');
  await expect(room.outcome).toHaveCount(0);
  await teacher.pressKey('End');
  await expect(room.outcome).toBeVisible({ timeout: 30_000 });
  await expect(pv.cue).toHaveAttribute('data-cue', 'answered');
});

test('with two projected windows the presenter view drives one: the one it was opened from, else the newest', async ({ page, context }) => {
  test.setTimeout(120_000);
  const first = new Playground(page);
  await first.goto('?lesson=rusted-lock&mode=present');
  await expect(first.lessonQuestion).toBeVisible({ timeout: 30_000 });
  const second = new Playground(await context.newPage());
  await second.goto('?lesson=bad-key&mode=present');
  await expect(second.lessonQuestion).toBeVisible({ timeout: 30_000 });

  // Opened on its own, it follows the newest projected window.
  const alone = new Playground(await context.newPage());
  await alone.goto('?view=presenter');
  await expect(view(alone.page).lesson).toContainText('Lesson 4 of 16');
  await alone.pressKey('N');
  await expect(second.lessonCard).toHaveAttribute('data-lesson', 'bad-request-retried');
  await alone.presenter.nextButton.click();
  await expect(second.lessonQuestion).toHaveCount(0);
  // The other window heard both presses and let them pass.
  await first.page.waitForTimeout(1000);
  await expect(first.lessonCard).toHaveAttribute('data-lesson', 'rusted-lock');
  await expect(first.lessonQuestion).toBeVisible();

  // Opened from the first window, it drives that one, though the second is newer.
  const fromFirst = await openFrom(first, context);
  await expect(view(fromFirst.page).lesson).toContainText('Lesson 1 of 16');
  await fromFirst.pressKey('N');
  await expect(first.lessonCard).toHaveAttribute('data-lesson', 'server-hiccup');
  await expect(view(fromFirst.page).lesson).toContainText('Lesson 2 of 16');
  await second.page.waitForTimeout(1000);
  await expect(second.lessonCard).toHaveAttribute('data-lesson', 'bad-request-retried');
  // The view opened alone still follows the second window.
  await expect(view(alone.page).lesson).toContainText('Lesson 5 of 16');
});

test('on a phone the presenter view hides its keys hint and its lesson controls are a thumb tall', async ({ page, context }) => {
  test.setTimeout(60_000);
  const room = new Playground(page);
  await room.goto('?lesson=rate-limited&mode=present');
  await expect(room.lessonQuestion).toBeVisible({ timeout: 30_000 });
  const teacherPage = await context.newPage();
  await teacherPage.setViewportSize({ width: 390, height: 844 });
  const teacher = new Playground(teacherPage);
  await teacher.goto('?view=presenter');
  const pv = view(teacherPage);
  await expect(pv.lesson).toContainText('Lesson 3 of 16');
  await expect(pv.keys).toBeHidden();
  for (const control of [pv.previousLesson, pv.picker, pv.nextLesson, teacher.presenter.nextButton, teacher.presenter.back]) {
    const box = await control.boundingBox();
    expect(box.height, await control.getAttribute('data-testid')).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width, 'inside the screen').toBeLessThanOrEqual(390);
  }
  expect(await teacherPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // On a laptop the hint is there, and names the projected window's keys.
  await teacherPage.setViewportSize({ width: 1280, height: 720 });
  await expect(pv.keys).toBeVisible();
});

test('the keys hint lists the projected window keys in every language', async ({ page }) => {
  const pg = new Playground(page);
  const hints = {
    en: ['PageDown', 'F next failure', 'End outcome', 'N, P', '1, 2, 3', 'T timed'],
    fr: ['Pg Suiv', 'F panne suivante', 'Fin résultat', 'N, P', '1, 2, 3', 'T minuté'],
    zh: ['PageDown', 'F 下一个故障', 'End 结果', 'N、P', '1、2、3', 'T 定时'],
  };
  for (const [lang, parts] of Object.entries(hints)) {
    await pg.goto(`?view=presenter&lang=${lang}`);
    await expect(pg.presenter.waiting).toBeVisible({ timeout: 30_000 });
    for (const part of parts) await expect(view(page).keys).toContainText(part);
  }
});

test('the Lessons menu fits the screen at 1920x1080 and 1280x720, every entry reached by Tab inside it', async ({ page }) => {
  test.setTimeout(90_000);
  const pg = new Playground(page);
  for (const [width, height] of [[1920, 1080], [1280, 720]]) {
    for (const query of ['?mode=present&lesson=rate-limited', '?lesson=rate-limited']) {
      await page.setViewportSize({ width, height });
      await pg.open(query);
      await pg.lessonsButton.click();
      const menu = page.getByTestId('lessons-menu');
      await expect(menu).toBeVisible();
      await expect(menu.locator('a[data-testid^="lesson-"]')).toHaveCount(16);
      const box = await menu.boundingBox();
      expect(box.y + box.height, `${query} at ${width}x${height}: the menu ends on screen`).toBeLessThanOrEqual(height);
      // Tab walks the menu's entries; each one it reaches is on screen.
      await pg.lessonsButton.focus();
      const reached = [];
      for (let n = 0; n < 30; n++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement;
          const r = el.getBoundingClientRect();
          return { id: el.dataset.testid ?? '', inMenu: !!el.closest('[data-testid="lessons-menu"]'), top: r.top, bottom: r.bottom };
        });
        if (!focused.inMenu) break;
        expect(focused.top, `${focused.id} is on screen`).toBeGreaterThanOrEqual(0);
        expect(focused.bottom, `${focused.id} is on screen`).toBeLessThanOrEqual(height);
        reached.push(focused.id);
      }
      expect(reached.filter((id) => id.startsWith('lesson-')), `${query} at ${width}x${height}`).toHaveLength(16);
      await page.keyboard.press('Escape');
    }
  }
});

test('axe finds no serious violation in the presenter view, at the question and mid-run, on a laptop and a phone', async ({ page, context }) => {
  test.setTimeout(90_000);
  const room = new Playground(page);
  await room.goto('?lesson=server-hiccup&mode=present');
  await expect(room.lessonQuestion).toBeVisible({ timeout: 30_000 });
  const teacher = await openFrom(room, context);
  const check = async (state) => {
    await teacher.page.addScriptTag({ path: AXE });
    const violations = await teacher.page.evaluate(async () => {
      const result = await window.axe.run(document, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations, state).toEqual([]);
  };
  await check('the question');
  await teacher.presenter.nextButton.click();
  await expect(view(teacher.page).cue).not.toHaveAttribute('data-cue', 'question');
  await room.settledSteps();
  await check('mid-run');
  await teacher.page.setViewportSize({ width: 390, height: 844 });
  await check('mid-run on a phone');
});
