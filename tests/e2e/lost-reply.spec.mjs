// A tool that changes things and a reply lost after it acted (issue 25, items 3 and 4): the key
// turned twice is seen in the scene, the quirk faults part the two schools in compare mode, the
// new setting and faults travel in links, and axe finds nothing serious on the new controls.
import { createRequire } from 'node:module';
import { test, expect } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

test('retrying a lost reply turns the key twice: the scene shows the door open, then locked again', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t4:tooltimeout&lostreply=retry&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  // The lost reply, handled by your code, and the second turn of the key right after it.
  const lost = await pg.indexOf('[data-kind="tool-failed"][data-layer="code"]');
  await pg.scrubTo(lost);
  expect(await pg.doorAndLock()).toEqual(['open', 'oiled']);
  await pg.stepForward();
  await expect(pg.entries().nth(lost + 1)).toHaveAttribute('data-kind', 'tool-started');
  await pg.stepForward();
  await expect(pg.entries().nth(lost + 2)).toHaveAttribute('data-kind', 'tool-succeeded');
  expect(await pg.doorAndLock()).toEqual(['closed', 'oiled']);
  // The model opens it once more; the board puts the lost reply under your code.
  await page.getByTestId('last').click();
  await pg.waitForOutcome('answered');
  expect(await pg.doorAndLock()).toEqual(['open', 'oiled']);
  await expect(page.locator('[data-testid="board-entry"][data-kind="reply-lost"]')).toHaveAttribute('data-layer', 'code');
  await expect(page.locator('[data-testid="verdict"] [data-slug="retried-non-idempotent-tool"]')).toHaveAttribute('data-severity', 'bad');
});

test('told about the lost reply, the model looks first and the key turns only once', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t4:tooltimeout&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(pg.entries('[data-kind="tool-failed"][data-layer="code"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="board-entry"][data-kind="reply-lost"]')).toHaveAttribute('data-layer', 'model');
  // Three calls to use (stuck, oil, the key that opened it) and a look after the lost reply.
  const started = await pg.entries('[data-kind="tool-started"]').allTextContents();
  expect(started.filter((t) => t.includes('look_at'))).toHaveLength(2);
  expect(started.filter((t) => t.includes('use'))).toHaveLength(3);
  await expect(page.locator('[data-testid="verdict"] [data-slug="checked-before-repeating"]')).toHaveAttribute('data-severity', 'good');
});

for (const [fault, robust, finding] of [
  ['stopcalls', 'answered', 'tolerated-quirk'],
  ['length', 'failed', 'cut-at-length'],
]) {
  test(`compare mode: with ${fault} on turn 1 the naive loop trusts finish_reason and the robust one does not`, async ({ page }) => {
    const pg = new Playground(page);
    await pg.open(`?v=1&faults=t1:${fault}&speed=instant`);
    await pg.compare(true);
    await pg.run();
    // The naive loop takes the reply for the answer and "answers" with the door still shut; the
    // robust one runs the calls, or ends on the cut reply and says why (the verdict is its own).
    await expect(pg.schoolOutcome('naive')).toHaveAttribute('data-result', 'answered', { timeout: 30_000 });
    await expect(pg.schoolOutcome('robust')).toHaveAttribute('data-result', robust, { timeout: 30_000 });
    expect(await pg.doorAndLock('naive-')).toEqual(['closed', 'rusted']);
    // Its final card and caption do not pretend the door is open.
    await expect(page.locator('[data-testid="naive-stage"] .fin-shut')).toBeVisible();
    await expect(page.locator('[data-testid="naive-stage"] .fin-open')).toBeHidden();
    await expect(page.getByTestId('naive-scene-caption')).toContainText('the door is still shut');
    expect(await pg.doorAndLock()).toEqual(robust === 'answered' ? ['open', 'oiled'] : ['closed', 'rusted']);
    await expect(page.locator(`[data-testid="verdict"] [data-slug="${finding}"]`)).toBeAttached();
  });
}

test('the lost-reply setting and the new faults round-trip in a link; an unknown school gives a notice', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t4:tooltimeout,t1:stopcalls,t5:length&lostreply=retry');
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  for (const slug of ['tooltimeout', 'stopcalls', 'length']) {
    await expect(page.getByTestId(`fault-${slug}`)).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByTestId('lost-reply')).toHaveValue('retry');
  // Back to the default school: the link no longer says it.
  await page.getByTestId('lost-reply').selectOption('tell');
  await expect.poll(() => page.url()).not.toContain('lostreply');
  await page.getByTestId('lost-reply').selectOption('retry');
  await expect.poll(() => decodeURIComponent(page.url())).toContain('lostreply=retry');
  expect(decodeURIComponent(page.url())).toContain('t4:tooltimeout');

  await pg.open('?v=1&lostreply=twice');
  await expect(page.getByTestId('link-notice')).toContainText('twice');
  await expect(page.getByTestId('lost-reply')).toHaveValue('tell');
});

test('axe finds no serious violation on the lost-reply control and the tools fault group', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t4:tooltimeout&lostreply=retry&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(page.getByTestId('lost-reply')).toBeVisible();
  await page.addScriptTag({ path: AXE });
  const { violations, checked } = await page.evaluate(async () => {
    const result = await window.axe.run({ include: [['.panel.settings'], ['.panel.faults']] });
    const serious = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
    // The select's own rules (a name, a label) were among those checked, so the run was not empty.
    const select = result.passes.filter((r) => r.nodes.some((n) => n.html.includes('data-testid="lost-reply"')));
    return { violations: serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), checked: select.length };
  });
  expect(violations).toEqual([]);
  expect(checked).toBeGreaterThan(0);
});
