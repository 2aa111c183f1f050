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
    if (turn) await this.page.getByTestId(`fault-${slug}-turn`).selectOption(String(turn));
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
}

/** Every log line as "kind|text", the fingerprint two runs must share to be the same run. */
export async function logLines(page) {
  return page.getByTestId('event-log').locator('li').evaluateAll((els) =>
    els.map((e) => `${e.dataset.kind}|${e.querySelector('.entry-text')?.textContent ?? ''}`));
}
