// The "Your own loop" view as a page object: open it, put code in (through its own "Open a
// file", as a learner would), run one case or the report card, and read the card back.
import { createRequire } from 'node:module';
import { expect } from '@playwright/test';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export class YoursView {
  constructor(page) {
    this.page = page;
    this.view = page.getByTestId('yours-view');
    this.pane = page.getByTestId('code-pane');
    this.run = page.getByTestId('yours-run-button');
    this.stop = page.getByTestId('yours-stop');
    this.cardButton = page.getByTestId('yours-card-button');
    this.status = page.getByTestId('yours-status');
    this.rows = page.getByTestId('yours-card-row');
    this.summary = page.getByTestId('yours-card-summary');
    this.caseSelect = page.getByTestId('yours-case');
  }

  async goto(query = '') {
    await this.page.goto(`?view=yours${query}`);
    await expect(this.view).toBeVisible();
    await expect(this.pane).toHaveAttribute('data-editor', /ready|missing/, { timeout: 20_000 });
  }

  /** How many characters the code on screen has (the view's own count, `data-code-chars`). */
  async chars() {
    return Number(await this.pane.getAttribute('data-code-chars'));
  }

  /** Puts `text` in the editor the way a learner brings a file. */
  async openFile(name, text) {
    await this.page.getByTestId('yours-open-file').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
    await expect.poll(() => this.chars()).toBe([...text].length);
  }

  /** How many cases the matrix has: one per choice of the case picker (`CaseId::ALL`). */
  async caseCount() {
    return this.caseSelect.locator('option').count();
  }

  async grade() {
    const cases = await this.caseCount();
    await this.cardButton.click();
    await expect(this.rows).toHaveCount(cases, { timeout: 60_000 });
    await expect(this.cardButton).toBeEnabled({ timeout: 60_000 });
    return this.card();
  }

  /** The card as `{ slug: { pass, verdicts: [text] } }`. */
  async card() {
    return this.rows.evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.dataset.case, {
      pass: r.dataset.pass === 'true',
      verdicts: [...r.querySelectorAll('[data-verdict]')].map((v) => v.dataset.verdict),
    }])));
  }

  /** Presses "Check my code" and waits for the judgement: `{ passed, check, checkPassed }`. */
  async check() {
    const verdict = this.page.getByTestId('exercise-verdict');
    await expect(this.page.getByTestId('exercise-check')).toBeEnabled({ timeout: 30_000 });
    await this.page.getByTestId('exercise-check').click();
    await expect(verdict).toBeVisible({ timeout: 60_000 });
    await expect(this.page.getByTestId('exercise-check')).toBeEnabled({ timeout: 60_000 });
    return verdict.evaluate((v) => ({ passed: v.dataset.passed === 'true', check: v.dataset.check ?? null, checkPassed: v.dataset.checkPassed ?? null }));
  }

  /** The exercises the track marks solved, by slug. */
  async solved() {
    return this.page.getByTestId('exercise-level').evaluateAll((ls) => ls.filter((l) => l.dataset.solved === 'true').map((l) => l.dataset.exercise));
  }

  /** What axe-core finds critical or serious on the page now, one line per rule. */
  async seriousViolations() {
    await this.page.addScriptTag({ path: AXE });
    return this.page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] }))
      .violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
  }
}
