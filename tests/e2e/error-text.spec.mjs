// What the model reads when a tool fails (issue 25): the school of error text is a setting in
// the link and the settings panel. One sentence (the default) keeps the exception in "your logs";
// a bare code leaves the model guessing until the repeat guard hands over; the raw exception
// gets the door open but puts a stack trace, paths and a (fake) password in the history, which
// the scene, the log, the board and the verdict all show.
import { createRequire } from 'node:module';
import { test, expect } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** The fake password every raw dump carries: what must never show where the model reads. */
const CANARY = 'not-a-real-password-CANARY';

/** The panels below the fold arrive on the first sign of use; a key is one. */
async function loadBelowFold(page) {
  await page.keyboard.press('Shift');
  await expect(page.getByTestId('code-panel')).toBeVisible();
  await expect(page.locator('[data-testid="below-fold"]:not(:has(> *))')).toHaveCount(0);
}

test('the raw exception opens the door but marks the history bundle, logs the leak and names it in the verdict', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&errtext=raw&speed=instant');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-leak', 'false');
  await pg.run();
  await pg.waitForOutcome('answered');
  // The mark on the bundle the hero carries to the oracle.
  await expect(page.getByTestId('stage')).toHaveAttribute('data-leak', 'true');
  await expect(page.getByTestId('bundle-leak')).toBeAttached();
  // A line in the log, on turn 2, handled by nobody.
  const leak = pg.entries('[data-kind="secret-sent"]');
  await expect(leak).toHaveCount(1);
  await expect(leak).toHaveAttribute('data-layer', 'nobody');
  await expect(leak).toContainText('T2');
  await expect(leak).toContainText('a connection string with its password');
  // The board counts it under nobody.
  await loadBelowFold(page);
  await expect(page.locator('[data-testid="board-entry"][data-kind="secret-sent"]')).toHaveAttribute('data-layer', 'nobody');
  // The verdict names the turn and what leaked, with its fix.
  const finding = page.locator('[data-testid="verdict"] [data-slug="secret-sent"]');
  await expect(finding).toHaveAttribute('data-severity', 'bad');
  await expect(finding).toContainText('On turn 2');
  await expect(finding).toContainText('a stack trace, a file path and a connection string with its password');
  await expect(finding).toContainText('write the exception to your logs');
  // The history the model is sent holds the password, and its message is marked.
  await expect(page.getByTestId('history').locator('.msg-secret')).toHaveCount(1);
  await expect(page.getByTestId('history')).toContainText(CANARY);
  // Stepping back before the leak takes the mark off again.
  const before = await pg.indexOf('[data-kind="secret-sent"]');
  await pg.scrubTo(before - 1);
  await expect(page.getByTestId('stage')).toHaveAttribute('data-leak', 'false');
});

test('one sentence, the default, keeps the exception in your logs and out of the history', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  const failed = pg.entries('[data-kind="tool-failed"]');
  await expect(failed).toHaveCount(1);
  const logs = failed.getByTestId('your-logs');
  await expect(logs.locator('summary')).toHaveText('Your logs only, never sent to the model');
  await logs.locator('summary').click();
  await expect(logs.locator('pre')).toContainText('Traceback (most recent call last):');
  await expect(logs.locator('pre')).toContainText(CANARY);
  await expect(pg.entries('[data-kind="secret-sent"]')).toHaveCount(0);
  await expect(page.getByTestId('stage')).toHaveAttribute('data-leak', 'false');
  await loadBelowFold(page);
  await expect(page.getByTestId('history').locator('li').first()).toBeAttached();
  await expect(page.getByTestId('history')).not.toContainText(CANARY);
  await expect(page.getByTestId('history')).not.toContainText('Traceback');
  await expect(page.locator('[data-testid="verdict"] [data-slug="secret-sent"]')).toHaveCount(0);
});

test('a bare code leaves the model guessing: the repeat guard hands over and the verdict says why', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&errtext=code&speed=instant');
  await pg.run();
  await pg.waitForOutcome('escalated');
  await expect(pg.entries('[data-kind="tool-failed"]')).toContainText('Error: ToolError');
  await expect(page.getByTestId('lock')).toHaveAttribute('data-state', 'rusted');
  await loadBelowFold(page);
  await expect(page.locator('[data-testid="board-entry"][data-kind="bare-error"]')).toHaveAttribute('data-layer', 'model');
  await expect(page.locator('[data-testid="board-entry"][data-kind="repeated-call"]')).toHaveAttribute('data-layer', 'code');
  const finding = page.locator('[data-testid="verdict"] [data-slug="bare-tool-error"]');
  await expect(finding).toContainText('On turn 2');
  await expect(finding).toContainText('what to do next');
});

test('the school is chosen in the settings, travels in the link, and an unknown one gets a notice', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1');
  await loadBelowFold(page);
  const select = page.getByTestId('error-text');
  await expect(select).toHaveValue('sentence');
  await expect(select).toHaveAccessibleName('What the model reads when a tool fails');
  await select.selectOption('raw');
  await expect(page.getByTestId('share-link')).toHaveValue(/errtext=raw/);
  await expect(page).toHaveURL(/errtext=raw/);
  // Read back from the link.
  await pg.open('?v=1&errtext=code');
  await loadBelowFold(page);
  await expect(page.getByTestId('error-text')).toHaveValue('code');
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  // An unknown school: named, and the default is kept.
  await pg.open('?v=1&errtext=stacktrace');
  await expect(page.getByTestId('link-notice')).toContainText('errtext');
  await expect(page.getByTestId('link-notice')).toContainText('sentence, code, raw');
  await loadBelowFold(page);
  await expect(page.getByTestId('error-text')).toHaveValue('sentence');
});

test('the school control speaks French and Chinese', async ({ page }) => {
  const pg = new Playground(page);
  for (const [lang, name] of [['fr', 'Ce que lit le modèle quand un outil échoue'], ['zh', '工具失败时模型读到什么']]) {
    await pg.open(`?v=1&lang=${lang}`);
    await loadBelowFold(page);
    await expect(page.getByTestId('error-text')).toHaveAccessibleName(name);
    await expect(page.getByTestId('error-text').locator('option')).toHaveCount(3);
  }
});

test('axe finds no serious violation on the school control and a run that leaked', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&errtext=raw&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await loadBelowFold(page);
  await pg.entries('[data-kind="tool-failed"]').first().scrollIntoViewIfNeeded();
  await expect(page.getByTestId('error-text')).toBeVisible();
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
  });
  expect(violations).toEqual([]);
  // And with the default school's folded log open.
  await pg.open('?v=1&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  await pg.entries('[data-kind="tool-failed"]').getByTestId('your-logs').locator('summary').click();
  await page.addScriptTag({ path: AXE });
  const again = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id);
  });
  expect(again).toEqual([]);
});
