// A page object for the playground: every test talks to the page through the README's hooks.
import { expect } from '@playwright/test';

export class Playground {
  constructor(page) {
    this.page = page;
    this.errors = [];
    page.on('pageerror', (e) => this.errors.push(String(e)));
  }

  async open(query = '') {
    await this.page.goto(`/${query}`);
    await expect(this.page.getByTestId('run')).toBeEnabled();
  }

  async speed(label) {
    const select = this.page.getByTestId('speed');
    await select.selectOption({ label });
  }

  async fault(slug, { turn, times } = {}) {
    await this.page.getByTestId(`fault-${slug}`).click();
    if (turn) await this.page.getByTestId(`fault-${slug}-turn`).fill(String(turn));
    // A typed number is taken when the field is left, as when a user moves on to Run.
    if (turn) await this.page.getByTestId(`fault-${slug}-turn`).press('Tab');
    if (times) await this.page.getByTestId(`fault-${slug}-times`).selectOption(String(times));
  }

  async run() {
    await this.page.getByTestId('run').click();
  }

  async stop() {
    await this.page.getByTestId('stop').click();
  }

  outcome() {
    return this.page.getByTestId('outcome');
  }

  async waitForOutcome(expected, timeout = 30_000) {
    await expect(this.outcome()).toHaveAttribute('data-outcome', expected, { timeout });
  }

  log() {
    return this.page.getByTestId('event-log');
  }

  entries(selector = '') {
    return this.log().locator(`li${selector}`);
  }

  async kinds() {
    return this.entries().evaluateAll((els) => els.map((e) => e.dataset.kind));
  }

  // Playback and time travel (issue 3).

  async playPause() {
    await this.page.getByTestId('play').click();
  }

  async stepBack(times = 1) {
    for (let i = 0; i < times; i++) await this.page.getByTestId('step-back').click();
  }

  async stepForward(times = 1) {
    for (let i = 0; i < times; i++) await this.page.getByTestId('step-forward').click();
  }

  /** Puts the timeline on step `index` (0-based), as a user dragging the scrubber would. */
  async scrubTo(index) {
    await this.page.getByTestId('timeline').fill(String(index));
  }

  /** The 0-based index of the first log entry matching `selector`. */
  async indexOf(selector) {
    return this.entries(selector).first().evaluate((e) => Number(e.dataset.index));
  }

  /** The log entries on screen (looking back hides the later ones). */
  visibleEntries(selector = '') {
    return this.log().locator(`li${selector}:visible`);
  }

  /** Saves the run on screen as a trace file at `path`, as the share bar's button does. */
  async saveTrace(path) {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('export-trace').click()]);
    await download.saveAs(path);
    return path;
  }

  async compare(on = true) {
    const toggle = this.page.getByTestId('compare');
    if ((await toggle.getAttribute('aria-pressed')) !== String(on)) await toggle.click();
  }

  schoolOutcome(school) {
    return this.page.locator(`[data-testid="school-outcome"][data-school="${school}"]`);
  }

  litLine() {
    return this.page.locator('[data-testid="code-line"][data-lit="true"]');
  }

  async doorAndLock(prefix = '') {
    return [
      await this.page.getByTestId(`${prefix}door`).getAttribute('data-state'),
      await this.page.getByTestId(`${prefix}lock`).getAttribute('data-state'),
    ];
  }
}

/** Every log line as "kind|text", the fingerprint two runs must share to be the same run. */
export async function logLines(page) {
  return page.getByTestId('event-log').locator('li').evaluateAll((els) =>
    els.map((e) => `${e.dataset.kind}|${e.querySelector('.entry-text')?.textContent ?? ''}`));
}
