// A teacher's own lesson (issue 22, item 9): "Make a lesson from this scenario" writes a question,
// the expected layer and a takeaway into the scenario's link (expect=, title=, ask=, takeaway=);
// the link plays it like a built-in lesson, marked as the teacher's and judged against the
// expected layer; its words stay text, whatever they hold; and "Add to the agenda" gives the
// agenda link (extra=) that lists it after the built-in lessons, on screen and printed, with a
// QR code that reads back to its link.
import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import pngjs from 'pngjs';
import { test, expect } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

/** What a phone would read from the element's pixels, or null. */
async function readQr(locator) {
  const png = pngjs.PNG.sync.read(await locator.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return found ? found.data : null;
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe's critical and serious violations on the page, by rule and count. */
async function seriousViolations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} ×${v.nodes.length}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`));
}

/** Opens the form under the share bar (the panels below the fold come at the first idle moment). */
async function openForm(page) {
  await page.getByTestId('make-lesson').click();
  await expect(page.getByTestId('make-lesson')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('own-form')).toBeVisible();
}

test('the form makes a link of the scenario on screen with the lesson in it, and the link plays it judged against its expected layer', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=instant');
  const origin = new URL(page.url()).origin;
  await openForm(page);
  // No link until the answer is chosen.
  await expect(page.getByTestId('own-choose')).toBeVisible();
  await expect(page.getByTestId('own-link')).toHaveCount(0);
  // Every control has a label.
  await expect(page.getByLabel('Title (optional)')).toBeVisible();
  await expect(page.getByRole('group', { name: 'The answer: which layer handles this run?' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Your code' })).toBeVisible();

  await page.getByTestId('own-title-field').fill('  A hiccup  ');
  await page.getByTestId('own-question-field').fill('Who retries the 503?');
  // Keyboard only: the radio buttons take the arrows.
  await page.getByTestId('own-expect-model').check();
  await page.getByTestId('own-expect-model').press('ArrowRight');
  await expect(page.getByTestId('own-expect-code')).toBeChecked();
  await page.getByTestId('own-takeaway-field').fill('Your code waits,\nthen calls again.');
  const link = `${origin}/?v=1&faults=t2%3A503&speed=instant&expect=code&title=A+hiccup`
    + '&ask=Who+retries+the+503%3F&takeaway=Your+code+waits%2C+then+calls+again.';
  await expect(page.getByTestId('own-link')).toHaveValue(link);
  await expect(page.getByTestId('own-choose')).toHaveCount(0);

  await page.getByTestId('own-link-open').click();
  await expect(page).toHaveURL(link);
  const card = page.getByTestId('lesson-card');
  await expect(card).toHaveAttribute('data-lesson', 'own');
  await expect(page.getByTestId('own-badge')).toHaveText("Teacher's lesson");
  await expect(page.getByTestId('own-title')).toHaveText('A hiccup');
  await expect(card).toContainText('not by Rusty Lock');
  await expect(page.getByTestId('question-text')).toHaveText('Who retries the 503?');
  // A wrong guess, judged against the teacher's layer.
  await page.getByTestId('answer-model').click();
  const explanation = page.getByTestId('lesson-explanation');
  await expect(explanation).toHaveAttribute('data-correct', 'false');
  await expect(explanation).toContainText("Not quite. The teacher's answer: your code.");
  await expect(page.getByTestId('own-takeaway')).toHaveText('Your code waits, then calls again.');

  // The same link again, answered right; then with the keys, as a room would.
  await page.goto(link);
  await page.getByTestId('answer-code').click();
  await expect(explanation).toHaveAttribute('data-correct', 'true');
  await expect(explanation).toContainText("Right. The teacher's answer: your code.");
  await page.goto(`${link}&lang=fr`);
  await expect(page.getByTestId('own-badge')).toHaveText("Leçon de l'enseignant");
  await expect(page.getByTestId('lesson-question')).toBeVisible();
  await page.keyboard.press('3');
  await expect(explanation).toHaveAttribute('data-correct', 'false');
  await expect(explanation).toContainText("Pas tout à fait. La réponse de l'enseignant\u00a0: votre code.");
});

test('a teacher\'s lesson without a question asks the standard one, and Show me reveals the teacher\'s answer', async ({ page }) => {
  await page.goto('/?v=1&faults=t2:401&expect=nobody&speed=instant');
  await expect(page.getByTestId('own-title')).toHaveText('A lesson on this scenario');
  await expect(page.getByTestId('question-text')).toHaveText('Which layer will handle this failure?');
  await page.getByTestId('show-me').click();
  const explanation = page.getByTestId('lesson-explanation');
  await expect(explanation).toHaveText("The teacher's answer: nobody.");
  await expect(explanation).not.toHaveAttribute('data-correct');
  await expect(page.getByTestId('own-takeaway')).toHaveCount(0);
});

test('hostile words in a teacher\'s lesson link are shown as text, and what was taken out or cut is said', async ({ page }) => {
  const title = '<img src=x onerror="window.__pwned=1">';
  const ask = '<script>window.__pwned=2</script>\u202eWho\u0007 handles it?';
  const takeaway = '<b>bold</b> 🔒 ' + 'x'.repeat(400);
  await page.goto(`/?v=1&faults=t2:401&expect=nobody&speed=instant&title=${encodeURIComponent(title)}`
    + `&ask=${encodeURIComponent(ask)}&takeaway=${encodeURIComponent(takeaway)}&model=stubborn`);
  const card = page.getByTestId('lesson-card');
  await expect(page.getByTestId('own-title')).toHaveText(title);
  await expect(page.getByTestId('question-text')).toHaveText('<script>window.__pwned=2</script>Who handles it?');
  await expect(card.locator('img, script, b')).toHaveCount(0);
  const notice = page.getByTestId('link-notice');
  await expect(notice).toContainText('ask held control characters or direction marks; they were taken out');
  await expect(notice).toContainText('takeaway is longer than 200 characters; only its start was kept');
  // The rest of the link still applies.
  await expect(page.getByTestId('share-link')).toHaveValue(/model=stubborn/);
  await page.getByTestId('answer-nobody').click();
  await expect(page.getByTestId('lesson-explanation')).toHaveAttribute('data-correct', 'true');
  const shown = await page.getByTestId('own-takeaway').textContent();
  expect(shown.startsWith('<b>bold</b> 🔒 xxx')).toBe(true);
  expect([...shown].length).toBeLessThanOrEqual(200);
  await expect(card.locator('b')).toHaveCount(0);
  // A very long word stays inside the card.
  const [cardBox, takeawayBox] = [await card.boundingBox(), await page.getByTestId('own-takeaway').boundingBox()];
  expect(takeawayBox.x + takeawayBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
});

test('an unknown expected layer is noticed and the rest of the link still plays; a built-in lesson gives way to the teacher\'s', async ({ page }) => {
  await page.goto('/?v=1&expect=maybe&ask=Who%3F&faults=t2:503');
  await expect(page.getByTestId('link-notice')).toContainText('expect “maybe” is not a layer; use model, code or nobody');
  await expect(page.getByTestId('lesson-card')).toHaveCount(0);
  await expect(page.getByTestId('share-link')).toHaveValue(/\?v=1&faults=t2%3A503$/);

  await page.goto('/?v=1&lesson=bad-key&expect=code&ask=Who%3F');
  await expect(page.getByTestId('link-notice')).toContainText("lesson “bad-key” gives way to the teacher's own lesson in this link");
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', 'own');
  await expect(page).toHaveURL(/\?v=1&faults=t2%3A401&expect=code&ask=Who%3F$/);
});

test('a lesson link too long for a link is refused by the form, with the reason', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503');
  await openForm(page);
  await page.getByTestId('own-expect-nobody').check();
  await page.getByTestId('own-title-field').fill('锁'.repeat(80));
  await page.getByTestId('own-question-field').fill('谁'.repeat(200));
  await page.getByTestId('own-takeaway-field').fill('处'.repeat(200));
  await expect(page.getByTestId('own-link-too-long')).toContainText('over the 4096 a link can hold');
  await expect(page.getByTestId('own-link')).toHaveCount(0);
  await expect(page.getByTestId('own-agenda-link-too-long')).toBeVisible();
  // Shorter, it fits again.
  await page.getByTestId('own-takeaway-field').fill('处');
  await expect(page.getByTestId('own-link')).toHaveValue(/expect=nobody/);
});

test.describe('the agenda', () => {
  test.use({ deviceScaleFactor: 2 });

  test('Add to the agenda lists the teacher\'s lesson after the built-in ones, on screen and printed, with a QR code of its link; a second one keeps the first', async ({ page }) => {
    const pg = new Playground(page);
    await pg.open('?v=1&faults=t2:503&speed=instant');
    const origin = new URL(page.url()).origin;
    await openForm(page);
    await expect(page.getByTestId('own-keep-agenda')).toHaveCount(0);
    await page.getByTestId('own-question-field').fill('Who retries the 503?');
    await page.getByTestId('own-expect-code').check();
    const lessonLink = `${origin}/?v=1&faults=t2%3A503&speed=instant&expect=code&ask=Who+retries+the+503%3F`;
    await expect(page.getByTestId('own-link')).toHaveValue(lessonLink);
    const agendaLink = await page.getByTestId('own-agenda-link').inputValue();
    expect(agendaLink).toBe(`${origin}/?view=agenda&extra=${encodeURIComponent(new URL(lessonLink).search.slice(1)).replace(/%20/g, '+')}`);

    await page.getByTestId('own-agenda-link-open').click();
    const lessons = page.getByTestId('agenda-lesson');
    await expect(lessons).toHaveCount(17);
    await expect(page.getByTestId('agenda-notice')).toHaveCount(0);
    const own = lessons.nth(16);
    await expect(own).toHaveAttribute('data-lesson', 'own-1');
    await expect(own.locator('.kit-number')).toHaveText('17.');
    await expect(own.getByTestId('agenda-own-mark')).toHaveText("Teacher's lesson");
    await expect(own.getByTestId('agenda-question')).toHaveText('Who retries the 503?');
    await expect(own.getByTestId('agenda-minutes')).toHaveAttribute('data-minutes', '5');
    await expect(own.getByTestId('agenda-link')).toHaveAttribute('href', lessonLink);
    await expect(page.getByTestId('agenda-summary')).toContainText('17 lessons and 10 exercises: about 187 minutes');
    expect(await readQr(own.getByTestId('agenda-qr'))).toBe(lessonLink);

    // Printed: the lesson, its answer under the fold, and its code, on a page of its own.
    await page.emulateMedia({ media: 'print' });
    await expect(own.getByTestId('agenda-answer')).toBeVisible();
    await expect(own.getByTestId('agenda-answer')).toHaveAttribute('data-answer', 'code');
    await expect(own.getByTestId('agenda-own-mark')).toBeVisible();
    expect(await own.evaluate((e) => getComputedStyle(e).breakInside)).toBe('avoid');
    expect(await readQr(own.getByTestId('agenda-qr'))).toBe(lessonLink);
    await page.emulateMedia({ media: 'screen' });

    // Its link opens the lesson.
    await own.getByTestId('agenda-link').click();
    await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', 'own');

    // A second lesson, from the playground, keeps the first in the agenda.
    await pg.open('?v=1&faults=t2:401&speed=instant');
    await openForm(page);
    await page.getByTestId('own-expect-nobody').check();
    await expect(page.getByTestId('own-keep-agenda')).toBeChecked();
    await expect(page.getByTestId('own-form')).toContainText('Keep the lesson of the agenda you opened last');
    await page.getByTestId('own-agenda-link-open').click();
    await expect(lessons).toHaveCount(18);
    expect(await lessons.evaluateAll((els) => els.slice(16).map((e) => e.dataset.lesson))).toEqual(['own-1', 'own-2']);
    await expect(lessons.nth(17).getByTestId('agenda-link')).toHaveAttribute('href', `${origin}/?v=1&faults=t2%3A401&speed=instant&expect=nobody`);
    await expect(lessons.nth(17).getByTestId('agenda-question')).toHaveText('Which layer will handle this failure?');
  });

  test('an agenda link says which of its lessons it could not read, and lists the rest', async ({ page }) => {
    await page.goto('/?view=agenda&extra=v%3D1%26faults%3Dt2%253A503&extra=v%3D1%26expect%3Dmodel%26ask%3D%253Cb%253Ehi');
    await expect(page.getByTestId('agenda-lesson')).toHaveCount(17);
    await expect(page.getByTestId('agenda-notice')).toContainText("extra 1 “v=1&faults=t2%3A503” is not the link of a teacher's lesson");
    const own = page.getByTestId('agenda-lesson').nth(16);
    await expect(own.getByTestId('agenda-question')).toHaveText('<b>hi');
    await expect(own.locator('b')).toHaveCount(0);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('agenda-notice')).toBeHidden();
  });
});

test('axe finds no serious violation in the form, in a teacher\'s lesson after its run, or in an agenda with one', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503&speed=instant');
  await openForm(page);
  await page.getByTestId('own-expect-code').check();
  await page.getByTestId('own-question-field').fill('Who retries?');
  expect(await seriousViolations(page), 'the form').toEqual([]);
  await page.getByTestId('own-link-open').click();
  await page.getByTestId('answer-code').click();
  await expect(page.getByTestId('lesson-explanation')).toBeVisible();
  expect(await seriousViolations(page), 'the lesson after its run').toEqual([]);
  await page.goto('/?view=agenda&extra=v%3D1%26expect%3Dcode%26ask%3DWho%253F');
  await expect(page.getByTestId('agenda-lesson')).toHaveCount(17);
  expect(await seriousViolations(page), 'the agenda').toEqual([]);
});
