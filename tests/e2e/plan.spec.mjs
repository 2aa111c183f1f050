// A plan for the hour (issue 43, items 1 and 5): on the agenda a teacher keeps the lessons and
// exercises that fit the session, in their order, the minutes adding up; the link is the plan, and
// the projected page (Start, N, PageDown, the card's "Lesson n of m"), the handout and the
// workshop's closing screen follow it.
import jsQR from 'jsqr';
import pngjs from 'pngjs';
import { test, expect } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

const HOUR = ['rusted-lock', 'server-hiccup', 'rate-limited', 'bad-key', 'bad-request-retried', 'broken-json',
  'same-call-twice', 'never-ending-turn', 'why-jitter'];
const HOUR_LINK = `lessons=${HOUR.join('.')}&exercises=retry-503`;

async function readQr(locator) {
  const png = pngjs.PNG.sync.read(await locator.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return found ? found.data : null;
}

/** The lessons the agenda keeps in its plan, in order. */
const planned = (page) => page.getByTestId('plan-lessons').getByTestId('agenda-lesson')
  .evaluateAll((els) => els.map((e) => e.dataset.lesson));

test('a teacher picks the hour on the agenda, leaves a lesson out and moves one: the minutes add up and the link is the plan', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto('?view=agenda');
  await expect(pg.agendaLessons).toHaveCount(16);
  await page.getByTestId('plan-ready-hour').click();
  await expect(page.getByTestId('plan-ready-hour')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('agenda-summary')).toHaveText('9 lessons and 1 exercise: about 60 minutes in all.');
  await expect(page).toHaveURL(new RegExp(`\\?view=agenda&${HOUR_LINK.replace(/\./g, '\\.')}$`));
  expect(await planned(page)).toEqual(HOUR);
  // What the plan leaves out is still there to put back, under its own heading.
  const out = page.getByTestId('plan-left-out');
  await expect(out.getByTestId('agenda-lesson')).toHaveCount(7);
  await expect(out.getByTestId('agenda-exercise')).toHaveCount(9);
  await expect(page.getByTestId('agenda-exercises').getByTestId('agenda-exercise')).toHaveCount(1);

  // Bad key out: 4 minutes less, and no longer in the link.
  const badKey = page.locator('[data-testid="plan-lessons"] [data-lesson="bad-key"]');
  await badKey.getByTestId('plan-toggle').uncheck();
  await expect(page.getByTestId('agenda-summary')).toHaveText('8 lessons and 1 exercise: about 56 minutes in all.');
  await expect(page.getByTestId('plan-ready-hour')).toHaveAttribute('aria-pressed', 'false');
  expect(new URL(page.url()).searchParams.get('lessons')).not.toContain('bad-key');
  // Why jitter one place earlier, by keyboard: the button keeps the focus for the next press.
  const jitterUp = page.locator('[data-testid="plan-lessons"] [data-lesson="why-jitter"]').getByTestId('plan-up');
  await jitterUp.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => planned(page)).toEqual(['rusted-lock', 'server-hiccup', 'rate-limited', 'bad-request-retried',
    'broken-json', 'same-call-twice', 'why-jitter', 'never-ending-turn']);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('plan-up-why-jitter');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await planned(page)).indexOf('why-jitter')).toBe(5);

  // The link is the plan: opened again, the agenda shows the same choice.
  const link = page.url();
  await page.goto(link);
  await expect(page.getByTestId('agenda-summary')).toHaveText('8 lessons and 1 exercise: about 56 minutes in all.');
  expect((await planned(page)).indexOf('why-jitter')).toBe(5);
});

test('the plan drives the projected page: Start, N through its lessons in order, then the closing screen, and PageUp back', async ({ page }) => {
  test.setTimeout(90_000);
  const pg = new Playground(page);
  await pg.goto('?view=agenda&lessons=bad-key.rusted-lock&exercises=retry-503');
  await expect(page.getByTestId('agenda-summary')).toHaveText('2 lessons and 1 exercise: about 19 minutes in all.');
  await page.getByTestId('agenda-present').click();
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'bad-key');
  let address = new URL(page.url()).searchParams;
  expect(address.get('mode')).toBe('present');
  expect(address.get('lessons')).toBe('bad-key.rusted-lock');
  await expect(page.getByTestId('lesson-step')).toHaveText('Lesson 1 of 2');

  await page.keyboard.press('n');
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'rusted-lock');
  await expect(page.getByTestId('lesson-step')).toHaveText('Lesson 2 of 2');
  address = new URL(page.url()).searchParams;
  expect(address.get('lessons')).toBe('bad-key.rusted-lock');
  expect(address.get('exercises')).toBe('retry-503');
  // The plan's last lesson: its card leads to the workshop's end, not to a next lesson.
  await expect(page.getByTestId('lesson-next')).toHaveCount(0);
  await expect(page.getByTestId('lesson-end')).toBeVisible();

  // The run to its outcome by the clicker, then one more press: the closing screen.
  await page.keyboard.press('PageDown');
  await expect.poll(async () => (await pg.steps()).of).toBeGreaterThan(1);
  await page.keyboard.press('End');
  await expect(pg.outcome).toHaveAttribute('data-outcome', 'answered', { timeout: 30_000 });
  await page.keyboard.press('PageDown');
  const closing = page.getByTestId('closing');
  await expect(closing).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'present');
  const lessons = page.getByTestId('closing-lesson');
  expect(await lessons.evaluateAll((els) => els.map((e) => e.dataset.lesson))).toEqual(['bad-key', 'rusted-lock']);
  for (const takeaway of await page.getByTestId('closing-takeaway').allTextContents()) expect(takeaway.length).toBeGreaterThan(20);
  // The plan's exercise, with a code that reads back to its link. The warning that the codes
  // point at this machine is for the teacher's screens (the presenter view, the agenda), never
  // projected (issue 54).
  const exercise = page.getByTestId('agenda-exercise');
  await expect(exercise).toHaveCount(1);
  await expect(exercise).toHaveAttribute('data-exercise', 'retry-503');
  const href = await exercise.getByTestId('agenda-exercise-link').getAttribute('href');
  expect(await readQr(exercise.getByTestId('agenda-exercise-qr'))).toBe(href);
  await expect(page.getByTestId('qr-loopback-warning')).toBeHidden();
  // Nothing below to scroll into: no code panel, no run controls.
  await expect(page.locator('.code-panel, [data-testid="run"]')).toHaveCount(0);

  await page.keyboard.press('PageUp');
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'rusted-lock');
  expect(new URL(page.url()).searchParams.get('mode')).toBe('present');
});

test('a link with a damaged plan keeps the lessons it knows and names the rest', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto('?lesson=rusted-lock&mode=present&lessons=rusted-lock.nope.bad-key&lang=en');
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'rusted-lock');
  await expect(page.getByTestId('lesson-step')).toHaveText('Lesson 1 of 2');
  await expect(page.getByTestId('link-notice')).toContainText('nope');
  await page.keyboard.press('n');
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'bad-key');
});

test('the plan stays with the room through the Lessons menu, a language switch, and Back', async ({ page }) => {
  const pg = new Playground(page);
  const plan = 'lessons=bad-key.rusted-lock.why-jitter&exercises=none';
  await pg.open(`?lesson=bad-key&mode=present&${plan}`);
  const keeps = async () => {
    const address = new URL(page.url()).searchParams;
    expect(address.get('lessons')).toBe('bad-key.rusted-lock.why-jitter');
    expect(address.get('exercises')).toBe('none');
    expect(address.get('mode')).toBe('present');
  };
  await pg.lessonsButton.click();
  // The menu's workshop entry starts the plan, and says how many lessons it holds.
  await expect(page.getByTestId('start-workshop')).toHaveText("Start the workshop's plan (its 3 lessons, 18 minutes, presenter mode)");
  await expect(page.getByTestId('start-workshop')).toHaveAttribute('href', /[?&]lesson=bad-key(&|$)/);
  await page.getByTestId('lesson-why-jitter').click();
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'why-jitter');
  await keeps();
  await expect(page.getByTestId('lesson-step')).toHaveText('Lesson 3 of 3');
  await page.getByTestId('language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('lesson-step')).toHaveText('Leçon 3 sur 3');
  await keeps();
  await pg.lessonsButton.click();
  await expect(page.getByTestId('start-workshop')).toHaveText("Lancer le plan de l'atelier (ses 3 leçons, 18\u00a0minutes, mode présentateur)");
  await pg.lessonsButton.click();
  await expect(page.getByTestId('lessons-menu')).toHaveCount(0);
  await page.goBack();
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'bad-key');
  await keeps();
  // The agenda reached from the menu opens on the same plan.
  await pg.lessonsButton.click();
  await page.getByTestId('open-agenda').click();
  await expect(page.getByTestId('plan-lessons').getByTestId('agenda-lesson')).toHaveCount(3);
});

for (const lang of ['en', 'fr', 'zh']) {
  test(`the handout of the 60-minute plan prints its lessons and exercise on at most two A4 pages (${lang})`, async ({ page }) => {
    const pg = new Playground(page);
    await pg.goto(`?view=agenda&${HOUR_LINK}&lang=${lang}`);
    await expect(page.getByTestId('plan-lessons').getByTestId('agenda-lesson')).toHaveCount(9);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('plan-left-out')).toBeHidden();
    await expect(page.getByTestId('plan-chooser')).toBeHidden();
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    const text = pdf.toString('latin1');
    const pages = [...text.matchAll(/\/Type \/Page\b/g)].length;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
    // The plan's lessons are printed (their links), the ones it leaves out are not.
    const uris = [...text.matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);
    for (const id of HOUR) expect(uris.some((u) => u.includes(`lesson=${id}`)), id).toBe(true);
    expect(uris.some((u) => u.includes('lesson=lost-reply'))).toBe(false);
    expect(uris.some((u) => u.includes('exercise=retry-503') || u.includes('retry-503'))).toBe(true);
  });
}

test('the device remembers the plan made on the agenda: Start the workshop starts it, and presenting, the menu leads with it', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto('?view=agenda');
  await page.getByTestId('plan-ready-hour').click();
  await expect(page.getByTestId('plan-lessons').getByTestId('agenda-lesson')).toHaveCount(9);
  // The home page, with no plan in its link: the menu's first entry starts the hour's plan.
  await pg.open('?v=1');
  await pg.lessonsButton.click();
  const start = page.getByTestId('start-workshop');
  await expect(start).toHaveText("Start the workshop's plan (its 9 lessons, 60 minutes, presenter mode)");
  await expect(start).toHaveAttribute('href', new RegExp(`[?&]lessons=${HOUR.join('\\.')}(&|$)`));
  await start.click();
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', HOUR[0], { timeout: 30_000 });
  await expect(page.getByTestId('lesson-step')).toHaveText('Lesson 1 of 9');
  // Presenting, the plan's lessons come first, in its order, then the rest under their heading.
  await pg.lessonsButton.click();
  const plan = page.getByTestId('menu-plan').locator('a');
  await expect(plan).toHaveCount(9);
  for (const [i, id] of HOUR.entries()) await expect(plan.nth(i)).toHaveAttribute('data-testid', `lesson-${id}`);
  await expect(page.getByTestId('menu-not-in-plan')).toHaveText("Not in today's plan");
  await page.getByTestId('lesson-lost-reply').click();
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'lost-reply', { timeout: 30_000 });
  // A lesson the plan leaves out says so rather than "16 of 16".
  await expect(page.getByTestId('lesson-step')).toHaveText("Not in today's plan");
  // A link's plan wins over the remembered one.
  await pg.open('?v=1&lessons=bad-key.rusted-lock&exercises=none');
  await pg.lessonsButton.click();
  await expect(page.getByTestId('start-workshop')).toHaveText("Start the workshop's plan (its 2 lessons, 9 minutes, presenter mode)");
});
