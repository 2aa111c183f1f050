// The presenter view (?view=presenter): a second window for the teacher's own screen that follows
// the projected window over a BroadcastChannel and drives it, as a slide tool's presenter view.
import { expect } from '@playwright/test';
import { test } from './fixtures.mjs';

/** The step on screen and the steps recorded, from the projected window's timeline. */
async function steps(page) {
  return page.getByTestId('timeline').evaluate((el) => ({ at: Number(el.value) + 1, of: Number(el.max) + 1 }));
}

test('the presenter view follows the projected window and steps it with its buttons and keys', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/?lesson=server-hiccup&mode=present&speed=2');
  await expect(page.getByTestId('lesson-question')).toBeVisible();
  // The lesson card opens it in a window of its own.
  const [presenter] = await Promise.all([context.waitForEvent('page'), page.getByTestId('open-presenter').click()]);
  await presenter.setViewportSize({ width: 1280, height: 800 });
  await expect(presenter.getByTestId('presenter-view')).toBeVisible();
  await expect(presenter.getByTestId('presenter-lesson')).toContainText('Lesson 2 of 12');
  // While the room is asked, the presenter alone sees the answer.
  await expect(presenter.getByTestId('presenter-answer')).toHaveAttribute('data-layer', 'code');
  await expect(page.getByText('The answer, for you only')).toHaveCount(0);
  await expect(presenter.getByTestId('presenter-next')).toHaveText('The run, one step at a time.');

  // Next, pressed on the presenter's screen, starts the projected run, held on its first step.
  await presenter.getByTestId('presenter-next-button').click();
  await expect(page.getByTestId('lesson-question')).toHaveCount(0);
  await expect.poll(() => steps(page)).toEqual({ at: 1, of: 1 });
  await expect(presenter.getByTestId('presenter-step')).toHaveText('Step 1 of 1');
  await expect(presenter.getByTestId('presenter-caption')).toHaveText(await page.getByTestId('scene-caption').innerText());
  await expect(presenter.getByTestId('presenter-answer')).toHaveCount(0);

  // The clicker's keys work in the presenter's window too.
  await presenter.keyboard.press('PageDown');
  await expect.poll(() => steps(page)).toEqual({ at: 2, of: 2 });
  await presenter.keyboard.press('PageDown');
  await expect.poll(() => steps(page)).toEqual({ at: 3, of: 3 });
  await presenter.getByTestId('presenter-back').click();
  await expect.poll(() => steps(page)).toEqual({ at: 2, of: 3 });
  await expect(presenter.getByTestId('presenter-step')).toHaveText('Step 2 of 3');

  // A key pressed in the projected window shows in the presenter's.
  await page.keyboard.press('PageDown');
  await expect(presenter.getByTestId('presenter-step')).toHaveText('Step 3 of 3');
  await expect(presenter.getByTestId('presenter-caption')).toHaveText(await page.getByTestId('scene-caption').innerText());

  // On to the end: a failure step names its layer, and then the next lesson is announced.
  let named = false;
  for (let n = 4; n < 80 && !(await page.getByTestId('outcome').count()); n++) {
    await presenter.keyboard.press('PageDown');
    await expect.poll(() => steps(page), { timeout: 15_000 }).toEqual({ at: n, of: n });
    named ||= (await presenter.getByTestId('presenter-layer').count()) > 0;
  }
  expect(named, 'a failure step named the layer that handled it').toBe(true);
  await expect(presenter.getByTestId('presenter-next')).toContainText('Next lesson:');
  await presenter.keyboard.press('PageDown');
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', 'rate-limited');
  await expect(presenter.getByTestId('presenter-lesson')).toContainText('Lesson 3 of 12');
  // The room's answer, from the presenter's keys, is judged in the projected window.
  await presenter.keyboard.press('2');
  await expect(page.getByTestId('lesson-question')).toHaveCount(0);
  await expect(page.getByTestId('answer-code')).toHaveCount(0);
  expect(page.url()).toContain('lesson=rate-limited');
});

test('the presenter view opened alone says how to open the projected window', async ({ page }) => {
  await page.goto('/?view=presenter');
  await expect(page.getByTestId('presenter-waiting')).toBeVisible();
  await expect(page.getByTestId('presenter-waiting').getByRole('link')).toHaveAttribute('href', /mode=present/);
  await expect(page.getByTestId('presenter-clock')).toHaveText(/^\d+:\d\d$/);
});
