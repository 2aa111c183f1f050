// The presenter view (?view=presenter): a second window for the teacher's own screen that follows
// the projected window over a BroadcastChannel and drives it, as a slide tool's presenter view.
import { expect } from '@playwright/test';
import { test } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

test('the presenter view follows the projected window and steps it with its buttons and keys', async ({ page, context }) => {
  test.setTimeout(90_000);
  // The projected window, whose steps the presenter view drives.
  const room = new Playground(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await room.goto('?lesson=server-hiccup&mode=present&speed=2');
  await expect(room.lessonQuestion).toBeVisible();
  // The lesson card opens it in a window of its own.
  const [teacherPage] = await Promise.all([context.waitForEvent('page'), room.openPresenter.click()]);
  const teacher = new Playground(teacherPage);
  await teacherPage.setViewportSize({ width: 1280, height: 800 });
  await expect(teacher.presenter.view).toBeVisible();
  await expect(teacher.presenter.lesson).toContainText('Lesson 2 of 16');
  // While the room is asked, the presenter alone sees the answer.
  await expect(teacher.presenter.answer).toHaveAttribute('data-layer', 'code');
  await expect(page.getByText('The answer, for you only')).toHaveCount(0);
  await expect(teacher.presenter.next).toHaveText(/^The run, a beat at a time/);

  // Next, pressed on the presenter's screen, starts the projected run, held on its first beat
  // (the start and a first turn that goes well, in one press).
  await teacher.presenter.nextButton.click();
  await expect(room.lessonQuestion).toHaveCount(0);
  await expect.poll(async () => (await room.steps()).of).toBeGreaterThan(2);
  const first = await room.settledSteps();
  expect(first.at).toBe(first.of);
  await expect(teacher.presenter.step).toHaveText(`Step ${first.of} of ${first.of}`);
  await expect(teacher.presenter.caption).toHaveText(await room.sceneCaption.innerText());
  await expect(teacher.presenter.answer).toHaveCount(0);

  // The clicker's keys work in the presenter's window too: each press a beat further.
  await teacherPage.keyboard.press('PageDown');
  await expect.poll(async () => (await room.steps()).of).toBeGreaterThan(first.of);
  const second = await room.settledSteps();
  expect(second.at).toBe(second.of);
  await teacherPage.keyboard.press('PageDown');
  await expect.poll(async () => (await room.steps()).of).toBeGreaterThan(second.of);
  const third = await room.settledSteps();
  // Back lands on the end of the beat before.
  await teacher.presenter.back.click();
  await expect.poll(() => room.steps()).toEqual({ at: second.of, of: third.of });
  await expect(teacher.presenter.step).toHaveText(`Step ${second.of} of ${third.of}`);

  // A key pressed in the projected window shows in the presenter's.
  await page.keyboard.press('PageDown');
  await expect(teacher.presenter.step).toHaveText(`Step ${third.of} of ${third.of}`);
  await expect(teacher.presenter.caption).toHaveText(await room.sceneCaption.innerText());

  // On to the end: a failure step names its layer, and then the next lesson is announced.
  let named = false;
  for (let n = 0; n < 40 && !(await room.outcome.count()); n++) {
    const before = await room.steps();
    await teacherPage.keyboard.press('PageDown');
    await expect.poll(async () => (await room.steps()).of, { timeout: 15_000 }).toBeGreaterThan(before.of);
    named ||= (await teacher.presenter.layer.count()) > 0;
  }
  expect(named, 'a failure step named the layer that handled it').toBe(true);
  await expect(teacher.presenter.next).toContainText('Next lesson:');
  await teacherPage.keyboard.press('PageDown');
  await expect(room.lessonCard).toHaveAttribute('data-lesson', 'rate-limited');
  await expect(teacher.presenter.lesson).toContainText('Lesson 3 of 16');
  // The room's answer, from the presenter's keys, is judged in the projected window.
  await teacherPage.keyboard.press('2');
  await expect(room.lessonQuestion).toHaveCount(0);
  await expect(room.answer('code')).toHaveCount(0);
  expect(page.url()).toContain('lesson=rate-limited');
});

test('the presenter view opened alone says how to open the projected window', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto('?view=presenter');
  await expect(pg.presenter.waiting).toBeVisible();
  await expect(pg.presenter.waiting.getByRole('link')).toHaveAttribute('href', /mode=present/);
  await expect(pg.presenter.clock).toHaveText(/^\d+:\d\d$/);
});
