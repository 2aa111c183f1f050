// Presenter mode is kept by every way of moving (issue 43, item 2): the Lessons menu, the lesson
// card's links, the projected agenda's links, Back and Forward, and a language switch each land
// in presenter mode (the address says `mode=present`, the page wears its mode class), at the pace
// and speed the teacher chose. And wherever the kit draws QR codes on a loopback address, the page
// says they point at this machine and how to serve on the network (item 8).
import { expect } from '@playwright/test';
import { test } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

/** The page is in presenter mode, at `pace` (presenter mode's own, narrate, writes no `pace=`)
 * and `speed` (the default, 1, writes no `speed=`), on `lesson` if named. */
async function expectPresenting(page, { pace = 'narrate', speed = '1', lesson } = {}) {
  const pg = new Playground(page);
  if (lesson) await expect(pg.lessonCard).toHaveAttribute('data-lesson', lesson);
  await expect(page).toHaveURL(/[?&]mode=present(&|$)/);
  await expect(page.locator('.app.mode-present')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'present');
  if (pace === 'narrate') await expect(page).not.toHaveURL(/[?&]pace=/);
  else await expect(page).toHaveURL(new RegExp(`[?&]pace=${pace}(&|$)`));
  if (speed === '1') await expect(page).not.toHaveURL(/[?&]speed=/);
  else await expect(page).toHaveURL(new RegExp(`[?&]speed=${speed.replace('.', '\\.')}(&|$)`));
  // The speed control shows it too (its options' values are the speeds' places, whatever the language).
  await expect(pg.speedSelect).toHaveValue(String(SPEEDS.indexOf(speed)));
}

/** The speeds as links write them, in the speed control's order. */
const SPEEDS = ['0.25', '0.5', '1', '2', '4', 'instant'];

/** A narrated run: a press shows the run's next beat and holds it there (however many steps the
 * beat holds), where a timed run would play on. */
async function expectHeld(pg) {
  await expect(pg.lessonQuestion).toHaveCount(0);
  await expect.poll(async () => (await pg.steps()).at).toBeGreaterThan(0);
  // The beat plays in (a step over a backoff lets its wait run out first), then stops.
  let held = await pg.steps();
  await expect.poll(async () => {
    const now = await pg.steps();
    const still = now.at === held.at && now.of === held.of;
    held = now;
    return still;
  }, { intervals: [700], timeout: 20_000 }).toBe(true);
  await expect(pg.playButton).toHaveAttribute('data-playing', 'false');
  await pg.page.waitForTimeout(1500);
  expect(await pg.steps(), 'nothing moves until the next press').toEqual(held);
}

/** A link's address says presenter mode at `pace` and `speed`. */
async function expectLinkPresenting(link, { pace, speed }) {
  const href = await link.getAttribute('href');
  expect(href, 'presenter mode').toMatch(/[?&]mode=present(&|$)/);
  expect(href, 'pace').toMatch(new RegExp(`[?&]pace=${pace}(&|$)`));
  expect(href, 'speed').toMatch(new RegExp(`[?&]speed=${speed.replace('.', '\\.')}(&|$)`));
}

test('a lesson picked from the Lessons menu in presenter mode opens in presenter mode, narrated, and the clicker drives it', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const pg = new Playground(page);
  await pg.open('?mode=present&lesson=rate-limited');
  await pg.lessonsButton.click();
  await page.getByTestId('lesson-bad-key').click();
  await expectPresenting(page, { lesson: 'bad-key' });
  await expect(pg.lessonQuestion).toBeVisible();
  // Presenter mode's type, not the full page's.
  const caption = await page.getByTestId('scene-caption').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(caption).toBeGreaterThanOrEqual(48);
  // Narrated: PageDown shows the run's first beat, and it waits there; the page does not scroll.
  await page.keyboard.press('PageDown');
  await expectHeld(pg);
  expect(await page.evaluate(() => scrollY)).toBe(0);
  // N goes on to the next lesson, still presenting.
  await page.keyboard.press('n');
  await expectPresenting(page, { lesson: 'bad-request-retried' });
});

test('the Lessons menu keeps a timed pace and a speed chosen in presenter mode, in every entry', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?mode=present&lesson=rate-limited&pace=timed&speed=0.5');
  await pg.lessonsButton.click();
  const keep = { pace: 'timed', speed: '0.5' };
  await expectLinkPresenting(page.getByTestId('start-workshop'), keep);
  await expectLinkPresenting(page.getByTestId('free-play'), keep);
  await expectLinkPresenting(page.getByTestId('open-agenda'), keep);
  await expectLinkPresenting(page.getByTestId('lesson-lost-reply'), keep);
  await page.getByTestId('lesson-bad-key').click();
  await expectPresenting(page, { lesson: 'bad-key', ...keep });
  // On the full page the menu's links stay on the full page.
  await pg.open('?lesson=rate-limited');
  await pg.lessonsButton.click();
  expect(await page.getByTestId('lesson-bad-key').getAttribute('href')).not.toContain('mode=');
  await page.getByTestId('lesson-bad-key').click();
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'bad-key');
  await expect(page.locator('.app.mode-full')).toHaveCount(1);
});

test('the lesson card\'s next and previous links keep presenter mode, its pace and speed; on the full page they keep the full page', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?mode=present&lesson=bad-key&pace=timed&speed=2');
  await pg.lessonNext.click();
  await expectPresenting(page, { lesson: 'bad-request-retried', pace: 'timed', speed: '2' });
  await pg.lessonPrev.click();
  await expectPresenting(page, { lesson: 'bad-key', pace: 'timed', speed: '2' });
  await pg.open('?lesson=bad-key');
  await pg.lessonNext.click();
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'bad-request-retried');
  await expect(page).not.toHaveURL(/mode=/);
  await expect(page.locator('.app.mode-full')).toHaveCount(1);
});

test('through the projected agenda and back: its lessons, Start presenting and Back keep presenter mode, pace and speed', async ({ page }) => {
  const pg = new Playground(page);
  const keep = { pace: 'timed', speed: '0.5' };
  await pg.open('?mode=present&lesson=bad-key&pace=timed&speed=0.5');
  await pg.lessonsButton.click();
  await page.getByTestId('open-agenda').click();
  await expect(pg.agenda).toBeVisible();
  await expect(page).toHaveURL(/[?&]view=agenda(&|$)/);
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'present');
  await expectLinkPresenting(page.getByTestId('agenda-present'), keep);
  await expectLinkPresenting(page.getByTestId('agenda-back'), keep);
  // The titles open the lessons in presenter mode; the codes and printed links stay the learners'.
  const lesson = page.locator('[data-testid="agenda-lesson"][data-lesson="lost-reply"]');
  const title = lesson.getByTestId('agenda-title');
  await expectLinkPresenting(title, keep);
  expect(await lesson.getByTestId('agenda-link').getAttribute('href')).not.toContain('mode=');
  await title.click();
  await expectPresenting(page, { lesson: 'lost-reply', ...keep });
  // Back: the projected agenda; Back again: the lesson the room was on, as it was watched.
  await page.goBack();
  await expect(pg.agenda).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'present');
  await page.goBack();
  await expectPresenting(page, { lesson: 'bad-key', ...keep });
  // Forward, twice: the agenda, then the lesson picked from it.
  await page.goForward();
  await expect(pg.agenda).toBeVisible();
  await page.goForward();
  await expectPresenting(page, { lesson: 'lost-reply', ...keep });
  // Start presenting from the agenda: the first lesson, as watched.
  await page.goBack();
  await page.getByTestId('agenda-present').click();
  await expectPresenting(page, { lesson: 'rusted-lock', ...keep });
});

test('Back and Forward over lessons picked in presenter mode land in presenter mode, narrated', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?mode=present&lesson=rate-limited');
  await pg.lessonsButton.click();
  await page.getByTestId('lesson-bad-key').click();
  await expectPresenting(page, { lesson: 'bad-key' });
  await pg.lessonNext.click();
  await expectPresenting(page, { lesson: 'bad-request-retried' });
  await page.keyboard.press('PageDown');
  await expectHeld(pg);
  await page.goBack();
  await expectPresenting(page, { lesson: 'bad-key' });
  await page.goBack();
  await expectPresenting(page, { lesson: 'rate-limited' });
  await page.goForward();
  await expectPresenting(page, { lesson: 'bad-key' });
  // Still narrated after the move: a press shows one beat, and it waits.
  await page.keyboard.press('PageDown');
  await expectHeld(pg);
});

test('a language switch in presenter mode keeps presenter mode, pace and speed, and so does every move after it', async ({ page }) => {
  const pg = new Playground(page);
  const keep = { pace: 'timed', speed: '0.5' };
  await pg.open('?mode=present&lesson=bad-key&pace=timed&speed=0.5');
  await page.getByTestId('language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveURL(/[?&]lang=fr(&|$)/);
  await expectPresenting(page, { lesson: 'bad-key', ...keep });
  await pg.lessonsButton.click();
  await page.getByTestId('lesson-lost-reply').click();
  await expectPresenting(page, { lesson: 'lost-reply', ...keep });
  await expect(page).toHaveURL(/[?&]lang=fr(&|$)/);
  await page.getByTestId('language').selectOption('zh');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expectPresenting(page, { lesson: 'lost-reply', ...keep });
  await page.goBack();
  await expectPresenting(page, { lesson: 'bad-key', ...keep });
});

test.describe('QR codes on a loopback address', () => {
  test('the agenda on 127.0.0.1 says its codes point at this machine and how to serve on the network, and prints it on the handout', async ({ page }) => {
    const pg = new Playground(page);
    await pg.goto('?view=agenda');
    await expect(pg.agendaLessons.first()).toBeVisible();
    await expect(page.getByTestId('agenda-qr').first()).toBeVisible();
    const warning = page.getByTestId('qr-loopback-warning');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('These QR codes point at 127.0.0.1, this computer itself');
    await expect(warning).toContainText('./scripts/serve.sh --network');
    // Above the first code.
    const [note, code] = [await warning.boundingBox(), await page.getByTestId('agenda-qr').first().boundingBox()];
    expect(note.y + note.height).toBeLessThanOrEqual(code.y);
    // Printed, in words.
    await page.emulateMedia({ media: 'print' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('./scripts/serve.sh --network');
  });

  test('the projected agenda on localhost warns too, in the page\'s language', async ({ page }) => {
    const port = process.env.E2E_PORT || 4173;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`http://localhost:${port}/?view=agenda&mode=present&lang=fr`);
    const warning = page.getByTestId('qr-loopback-warning');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('Ces QR codes pointent vers localhost');
    await expect(warning).toContainText('./scripts/serve.sh --network');
    await page.goto(`http://localhost:${port}/?view=agenda&lang=zh`);
    await expect(warning).toContainText('这些二维码指向 localhost');
  });

  test('on a host a phone can reach, the agenda says nothing of it', async ({ page }) => {
    const served = `http://127.0.0.1:${process.env.E2E_PORT || 4173}`;
    await page.route('http://rusty-lock.test/**', async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${served}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    });
    await page.goto('http://rusty-lock.test/?view=agenda');
    // Every part comes through the route: a first load on a busy machine takes longer than 5 s.
    await expect(page.getByTestId('agenda-qr').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('qr-loopback-warning')).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
