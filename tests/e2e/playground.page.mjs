// The page object every browser spec drives the page through: its README hooks as locator
// fields, the user's actions as methods, and the measures several specs take (boxes, steps, long
// tasks). Uncaught page errors are not collected here: the `test` of fixtures.mjs fails a test on
// any, in every page of its context.
import { expect } from '@playwright/test';
import { watchLongTasks, takeLongTasks, longTasksBetween, longTasksEndingAfter } from './responsiveness.mjs';

export class Playground {
  constructor(page) {
    this.page = page;
    const id = (testId) => page.getByTestId(testId);
    // The player.
    this.runButton = id('run');
    this.stopButton = id('stop');
    this.playButton = id('play');
    this.speedSelect = id('speed');
    this.timeline = id('timeline');
    this.playback = id('playback');
    this.pauseAtFailure = id('pause-at-failure');
    this.compareToggle = id('compare');
    this.outcome = id('outcome');
    this.log = id('event-log');
    this.waiting = id('waiting');
    // The scene and the layers.
    this.scene = id('scene');
    this.naiveScene = id('naive-scene');
    this.stage = id('stage');
    this.door = id('door');
    this.lock = id('lock');
    this.sceneCaption = id('scene-caption');
    this.layerStamp = id('layer-stamp');
    this.layerRow = id('layer-row');
    this.litLine = page.locator('[data-testid="code-line"][data-lit="true"]');
    // Lessons and presenter mode.
    this.lessonsButton = id('lessons');
    this.lessonCard = id('lesson-card');
    this.lessonQuestion = id('lesson-question');
    this.lessonExplanation = id('lesson-explanation');
    this.lessonNext = id('lesson-next');
    this.lessonPrev = id('lesson-prev');
    this.keysHint = id('keys-hint');
    this.startHere = id('start-here');
    this.toggleSheet = id('toggle-sheet');
    this.toggleSettings = id('toggle-settings');
    this.openPresenter = id('open-presenter');
    this.phoneQrToggle = id('phone-qr-toggle');
    this.phoneQrCode = id('phone-qr-code');
    // The presenter view (?view=presenter), the teacher's own window.
    this.presenter = {
      view: id('presenter-view'), lesson: id('presenter-lesson'), answer: id('presenter-answer'),
      next: id('presenter-next'), nextButton: id('presenter-next-button'), back: id('presenter-back'),
      step: id('presenter-step'), caption: id('presenter-caption'), layer: id('presenter-layer'),
      waiting: id('presenter-waiting'), clock: id('presenter-clock'),
    };
    // The workshop kit's agenda (?view=agenda).
    this.agenda = id('agenda');
    this.agendaLessons = id('agenda-lesson');
    this.agendaLinks = id('agenda-link');
    this.agendaAnswers = id('agenda-answer');
    this.agendaAnswersToggle = id('agenda-answers');
    // The herd view (?view=herd).
    this.herd = id('herd');
    this.herdClients = id('herd-clients');
    this.herdTable = id('herd-table');
    this.herdLines = id('herd-line');
    this.herdDone = id('herd-done');
    this.herdCalls = id('herd-calls');
  }

  /** Goes to `query` under `base` (the site's root unless it is served under a path). */
  async goto(query = '', base = '/') {
    await this.page.goto(`${base}${query}`);
  }

  /** Goes to `query` and waits until Run can be pressed. */
  async open(query = '', base = '/') {
    await this.goto(query, base);
    // A first load on a busy two-core machine can take longer than an assertion's 5 s (a French
    // or Chinese page fetches its words first): how fast is measured elsewhere, not here.
    await expect(this.runButton).toBeEnabled({ timeout: 30_000 });
    // The header and Run come a task before the rest of the first screen, and the player a few
    // frames after that (src/ui/lazy.rs, `Stage`): a test that reads the player at once finds it.
    await expect(this.playButton).toBeAttached({ timeout: 30_000 });
  }

  async speed(label) {
    await this.speedSelect.selectOption({ label });
  }

  async fault(slug, { turn, times } = {}) {
    await this.page.getByTestId(`fault-${slug}`).click();
    if (turn) await this.page.getByTestId(`fault-${slug}-turn`).fill(String(turn));
    // A typed number is taken when the field is left, as when a user moves on to Run.
    if (turn) await this.page.getByTestId(`fault-${slug}-turn`).press('Tab');
    if (times) await this.page.getByTestId(`fault-${slug}-times`).selectOption(String(times));
  }

  async run() {
    await this.runButton.click();
  }

  async stop() {
    await this.stopButton.click();
  }

  /** Waits for the outcome, and for the log to hold every line: a long run's earlier lines are
   *  parsed at idle moments after it (`data-deferred` marks a chunk still waiting). */
  async waitForOutcome(expected, timeout = 30_000) {
    await expect(this.outcome).toHaveAttribute('data-outcome', expected, { timeout });
    await logComplete(this.page, timeout);
  }

  entries(selector = '') {
    return this.log.locator(`li${selector}`);
  }

  async kinds() {
    return this.entries().evaluateAll((els) => els.map((e) => e.dataset.kind));
  }

  /** The lesson's answer button for `layer` (model, code or nobody). */
  answer(layer) {
    return this.page.getByTestId(`answer-${layer}`);
  }

  /** The lane of the layer row for `layer`, and the count drawn on it. */
  layerLane(layer) {
    return this.page.getByTestId(`layer-lane-${layer}`);
  }

  layerCount(layer) {
    return this.page.getByTestId(`layer-count-${layer}`);
  }

  /** Presses `key` with nothing focused, as a clicker does: the page's keys, not a control's. */
  async pressKey(key) {
    await this.page.evaluate(() => document.activeElement?.blur());
    await this.page.keyboard.press(key);
  }

  // Playback and time travel (issue 3).

  async playPause() {
    await this.playButton.click();
  }

  async stepBack(times = 1) {
    for (let i = 0; i < times; i++) await this.page.getByTestId('step-back').click();
  }

  async stepForward(times = 1) {
    for (let i = 0; i < times; i++) await this.page.getByTestId('step-forward').click();
  }

  /** Puts the timeline on step `index` (0-based), as a user dragging the scrubber would. */
  async scrubTo(index) {
    await this.timeline.fill(String(index));
  }

  /** The step on screen and the steps recorded, from the timeline (whatever the language). */
  async steps() {
    return this.timeline.evaluate((el) => ({ at: Number(el.value) + 1, of: Number(el.max) + 1 }));
  }

  /** The steps once a press has shown all it shows: the same for half a second. A beat's events
   *  land one task after another, so a read right after the first may be mid-beat. */
  async settledSteps() {
    let last = await this.steps();
    await expect.poll(async () => {
      await this.page.waitForTimeout(500);
      const now = await this.steps();
      const same = now.at === last.at && now.of === last.of;
      last = now;
      return same;
    }, { timeout: 30_000, intervals: [0] }).toBe(true);
    return last;
  }

  /** The 0-based index of the first log entry matching `selector`. */
  async indexOf(selector) {
    return this.entries(selector).first().evaluate((e) => Number(e.dataset.index));
  }

  /** The log entries on screen (looking back hides the later ones). */
  visibleEntries(selector = '') {
    return this.log.locator(`li${selector}:visible`);
  }

  /** Saves the run on screen as a trace file at `path`, as the share bar's button does. */
  async saveTrace(path) {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('export-trace').click()]);
    await download.saveAs(path);
    return path;
  }

  async compare(on = true) {
    if ((await this.compareToggle.getAttribute('aria-pressed')) !== String(on)) await this.compareToggle.click();
  }

  schoolOutcome(school) {
    return this.page.locator(`[data-testid="school-outcome"][data-school="${school}"]`);
  }

  async doorAndLock(prefix = '') {
    return [
      await this.page.getByTestId(`${prefix}door`).getAttribute('data-state'),
      await this.page.getByTestId(`${prefix}lock`).getAttribute('data-state'),
    ];
  }

  // Measures.

  /**
   * Where the element of `locator` (one: Playwright's strict rule) is in the viewport, in CSS
   * pixels. Rounded outwards (top and left down, bottom and right up) so that a box checked
   * against a whole-pixel edge is never let off by a fraction; `{ exact: true }` for the
   * unrounded edges.
   */
  async box(locator, { exact = false } = {}) {
    const r = await locator.evaluate((el) => {
      const b = el.getBoundingClientRect();
      return { top: b.top, bottom: b.bottom, left: b.left, right: b.right };
    });
    if (exact) return r;
    return { top: Math.floor(r.top), bottom: Math.ceil(r.bottom), left: Math.floor(r.left), right: Math.ceil(r.right) };
  }

  /** The page's clock (`performance.now()`), to bound a stretch of long tasks. */
  async now() {
    return this.page.evaluate(() => performance.now());
  }

  /** Starts collecting the page's long tasks, from before it loads: call before `goto`. */
  async watchLongTasks() {
    await watchLongTasks(this.page);
  }

  /** The durations (ms) of the long tasks seen so far, and forgets them. */
  async takeLongTasks() {
    return takeLongTasks(this.page);
  }

  /** The long tasks (`{ start, duration }`) that started between two `now()` readings. */
  async longTasksBetween(from, to) {
    return longTasksBetween(this.page, from, to);
  }

  /** The long tasks still running at, or starting after, the page time `at`. */
  async longTasksEndingAfter(at) {
    return longTasksEndingAfter(this.page, at);
  }
}

/** Waits until no chunk of the log waits to be parsed. */
export async function logComplete(page, timeout = 30_000) {
  await expect(page.locator('[data-testid="event-log"] .chunk[data-deferred]')).toHaveCount(0, { timeout });
}

/** Every log line as "kind|text", the fingerprint two runs must share to be the same run. */
export async function logLines(page) {
  await logComplete(page);
  return page.getByTestId('event-log').locator('li').evaluateAll((els) =>
    els.map((e) => `${e.dataset.kind}|${e.querySelector('.entry-text')?.textContent ?? ''}`));
}
