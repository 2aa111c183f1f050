// The workshop kit (issue 12): the agenda (?view=agenda) lists every lesson with its minutes and a
// full link that opens it; printed, it is the handout, each lesson whole on a page with a QR code
// that reads back to the lesson's link; in presenter mode "Open on your phone" shows a QR code
// that reads back to the scenario on screen. The codes are read from screenshots, by jsQR.
import jsQR from 'jsqr';
import pngjs from 'pngjs';
import { test, expect } from './fixtures.mjs';
import { DIST, serveSite } from './static-host.mjs';
import { Playground } from './playground.page.mjs';

const LESSONS = ['rusted-lock', 'server-hiccup', 'rate-limited', 'bad-key', 'bad-request-retried', 'broken-json',
  'invented-tool', 'stubborn-model', 'same-call-twice', 'never-ending-turn', 'retries-used-up', 'why-jitter',
  'bare-error', 'secret-in-history', 'lost-reply', 'finish-reason'];

/** What a phone would read from the element's pixels, or null. */
async function readQr(locator) {
  const png = pngjs.PNG.sync.read(await locator.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return found ? found.data : null;
}

/** The links on each page of a PDF Chromium printed: its link annotations' addresses, page by
 * page (Chromium writes pages and annotations as plain objects). */
function linksByPage(pdf) {
  const text = pdf.toString('latin1');
  const objects = new Map([...text.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)].map((m) => [m[1], m[2]]));
  const pages = [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o));
  return pages.map((p) => [...(p.match(/\/Annots \[([^\]]*)\]/)?.[1] ?? '').matchAll(/(\d+) 0 R/g)]
    .map((r) => objects.get(r[1])?.match(/\/URI \(([^)]*)\)/)?.[1]).filter(Boolean));
}

test('the Lessons menu opens the agenda: every lesson, its minutes and a full link that opens it', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto('?v=1');
  await pg.lessonsButton.click();
  await page.getByTestId('open-agenda').click();
  await expect(page).toHaveURL(/\?view=agenda$/);
  await expect(pg.agenda).toBeVisible();
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  await expect(pg.runButton).toHaveCount(0);

  const lessons = pg.agendaLessons;
  await expect(lessons).toHaveCount(16);
  expect(await lessons.evaluateAll((els) => els.map((e) => e.dataset.lesson))).toEqual(LESSONS);
  const minutes = await page.getByTestId('agenda-minutes').evaluateAll((els) =>
    els.map((e) => ({ n: Number(e.dataset.minutes), text: e.textContent })));
  let total = 0;
  for (const { n, text } of minutes) {
    expect(n).toBeGreaterThanOrEqual(2);
    expect(text).toBe(`${n} minutes`);
    total += n;
  }
  // The whole library: every lesson's minutes, and 10 for each of the 10 exercises.
  await expect(page.getByTestId('agenda-summary')).toContainText(`16 lessons and 10 exercises: about ${total + 100} minutes`);
  for (const [i, id] of LESSONS.entries()) {
    const lesson = lessons.nth(i);
    await expect(lesson.locator('.kit-title')).not.toBeEmpty();
    await expect(lesson.locator('.kit-goal')).not.toBeEmpty();
    await expect(lesson.locator('.kit-question')).toHaveText('Which layer will handle this failure?');
    const link = lesson.getByTestId('agenda-link');
    await expect(link).toHaveAttribute('href', `http://127.0.0.1:${new URL(page.url()).port}/?lesson=${id}`);
    await expect(link).toHaveText(await link.getAttribute('href'));
  }
  // The answers stay hidden on screen (the agenda may be projected) until asked for.
  await expect(pg.agendaAnswers.first()).toBeHidden();
  await pg.agendaAnswersToggle.check();
  await expect(pg.agendaAnswers).toHaveCount(16);
  for (const answer of await pg.agendaAnswers.all()) await expect(answer).toBeVisible();
  await expect(lessons.nth(3).getByTestId('agenda-answer')).toHaveAttribute('data-answer', 'nobody');
  await expect(lessons.nth(3).getByTestId('agenda-takeaway')).not.toBeEmpty();

  // Following a link opens its lesson, on its question.
  await lessons.nth(3).getByTestId('agenda-link').click();
  await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'bad-key');
  await expect(pg.lessonQuestion).toBeVisible();
  await expect(pg.agenda).toHaveCount(0);
  // Back returns to the agenda.
  await page.goBack();
  await expect(pg.agendaLessons).toHaveCount(16);
});

test('served under a path, the agenda links stay under it and open their lessons', async ({ page }) => {
  const pg = new Playground(page);
  const host = await serveSite(DIST, '/rusty-lock/');
  try {
    await pg.goto('?view=agenda', host.base);
    const links = pg.agendaLinks;
    await expect(links).toHaveCount(16);
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs).toEqual(LESSONS.map((id) => `${host.base}?lesson=${id}`));
    await links.nth(13).click();
    await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'secret-in-history');
  } finally {
    await host.stop();
  }
});

test.describe('QR codes', () => {
  // Two device pixels per CSS pixel, as on most phones and laptops: the handout's printed codes
  // are 26 mm, about 100 CSS pixels.
  test.use({ deviceScaleFactor: 2 });

  test('each handout QR code reads back to its lesson link', async ({ page }) => {
    const pg = new Playground(page);
    await page.emulateMedia({ media: 'print' });
    await pg.goto('?view=agenda');
    const lessons = pg.agendaLessons;
    await expect(lessons).toHaveCount(16);
    for (const [i, id] of LESSONS.entries()) {
      const qr = lessons.nth(i).getByTestId('agenda-qr');
      await expect(qr).toHaveAttribute('aria-label', new RegExp(`\\?lesson=${id}$`));
      expect(await readQr(qr), id).toBe(new URL(`/?lesson=${id}`, page.url()).href);
    }
  });

  test('presenter mode: Open on your phone shows a large QR code of the current scenario', async ({ page, context }) => {
    const pg = new Playground(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    await pg.goto('?lesson=rate-limited&mode=present');
    await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'rate-limited');
    const toggle = pg.phoneQrToggle;
    await expect(toggle).toHaveText('Open on your phone');
    await toggle.click();
    const code = pg.phoneQrCode;
    await expect(code).toBeVisible();
    await expect(page.getByTestId('phone-qr-close')).toBeFocused();
    const origin = new URL(page.url()).origin;
    expect(await readQr(code)).toBe(`${origin}/?v=1&lesson=rate-limited`);
    await expect(page.getByTestId('phone-qr-link')).toHaveText(`${origin}/?v=1&lesson=rate-limited`);
    // These tests run on 127.0.0.1, which no phone can reach: the sheet says so first, and the
    // code, still readable for a laptop, is smaller. On a host a phone can reach it takes over
    // 60 % of the screen's height (honest-cues.spec.mjs).
    await expect(page.getByTestId('phone-qr-warning')).toBeVisible();
    expect((await pg.box(code)).bottom).toBeLessThanOrEqual(720);

    // Escape closes it; the next lesson (presenter keys) gets a code of its own.
    await page.keyboard.press('Escape');
    await expect(code).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await page.keyboard.press('n');
    await expect(pg.lessonCard).toHaveAttribute('data-lesson', 'bad-key');
    await toggle.click();
    const link = await readQr(code);
    expect(link).toBe(`${origin}/?v=1&lesson=bad-key`);

    // The code opens the same lesson in the full playground, as a phone would.
    const phone = new Playground(await context.newPage());
    await phone.page.goto(link);
    await expect(phone.lessonCard).toHaveAttribute('data-lesson', 'bad-key');
    await expect(phone.page.locator('.app')).toHaveClass(/mode-full/);
    await expect(phone.phoneQrToggle).toHaveCount(0);
  });
});

test('the handout prints each lesson whole on a page, answers under the fold, on A4 and Letter', async ({ page }) => {
  const pg = new Playground(page);
  await pg.goto('?view=agenda');
  await expect(pg.agendaLessons).toHaveCount(16);
  await page.emulateMedia({ media: 'print' });
  // On paper: the answers and the fold line are there, the buttons are not.
  await expect(pg.agendaAnswers.first()).toBeVisible();
  await expect(page.locator('.kit-fold').first()).toBeVisible();
  await expect(page.getByTestId('print-handout')).toBeHidden();
  await expect(page.getByTestId('agenda-back')).toBeHidden();
  const css = await pg.agendaLessons.evaluateAll((els) => els.map((e) => getComputedStyle(e).breakInside));
  expect(css).toEqual(Array(16).fill('avoid'));

  // The printable area (12 mm margins) of each paper, in CSS pixels (96 per inch).
  const mm = 96 / 25.4;
  for (const [format, width, height] of [['A4', 210, 297], ['Letter', 215.9, 279.4]]) {
    await page.setViewportSize({ width: Math.floor((width - 24) * mm), height: Math.floor((height - 24) * mm) });
    const heights = await pg.agendaLessons.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    // Each lesson fits a page, with room to spare, so avoiding a break is always possible.
    for (const h of heights) expect(h, format).toBeLessThan((height - 24) * mm * 0.5);
    // The fold is at the same place on every row, so one fold hides every answer on a page.
    const folds = await page.locator('.kit-fold').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(new Set(folds).size, format).toBe(1);
    // On the printed pages, each lesson is whole: its title (a link, at the top of its row) and
    // the link under its question (at the bottom) are on the same page, for every lesson.
    const printed = linksByPage(await page.pdf({ format, preferCSSPageSize: true }));
    expect(printed.length, format).toBeGreaterThanOrEqual(2);
    for (const id of LESSONS) {
      const url = new URL(`/?lesson=${id}`, page.url()).href;
      const on = printed.map((links) => links.filter((l) => l === url).length).filter((n) => n > 0);
      expect(on, `${format}: ${id}'s two links, page by page`).toEqual([2]);
    }
  }
});
