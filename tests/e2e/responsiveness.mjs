// Responsiveness measured so that a busy machine still passes: the page's long tasks, and a bound
// on them scaled by how slow this machine is right now. The scale comes from a fixed piece of
// work timed in the same page (a calibration): a machine twice as busy makes both the page's
// tasks and the calibration twice as long, so their ratio holds where a fixed bound in
// milliseconds would not. No test here waits on a click for a fixed wall-clock time.

/**
 * Collects the page's long tasks (over 50 ms) from before it loads, as `{ start, duration }` in
 * the page's clock. The one place that watches them: the page object's `watchLongTasks` calls it.
 * Durations are kept unrounded; the readers below round where a spec compares them to a bound.
 */
export async function watchLongTasks(page) {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The long tasks seen so far (their durations, in whole ms), and forgets them. */
export async function takeLongTasks(page) {
  return page.evaluate(() => window.__longTasks.splice(0).map((t) => Math.round(t.duration)));
}

/** The long tasks that started between two `performance.now()` readings (durations in whole ms). */
export async function longTasksBetween(page, from, to) {
  return page.evaluate(([a, b]) => window.__longTasks.filter((t) => t.start >= a && t.start <= b)
    .map((t) => ({ start: t.start, duration: Math.round(t.duration) })), [from, to]);
}

/** The long tasks that end after the page time `at` (unrounded: any overlap counts). */
export async function longTasksEndingAfter(page, at) {
  return page.evaluate((a) => window.__longTasks.filter((t) => t.start + t.duration > a), at);
}

/** What the calibration took on a quiet 2-core machine of the kind CI runs on (median, ms). */
export const QUIET_CALIBRATION_MS = 20;

/**
 * How much slower than quiet this machine is now: the median of five runs of a fixed piece of
 * work in the page (string building and sorting, as the page's own work is), over its quiet
 * time. Never below 1, so a fast machine keeps the bounds as written.
 */
export async function slowness(page) {
  const times = [];
  // One run per task, each well under 50 ms, so the calibration is not itself a long task.
  for (let run = 0; run < 5; run++) {
    times.push(await page.evaluate(() => {
      const t0 = performance.now();
      const words = [];
      for (let i = 0; i < 60_000; i++) words.push(`w${(i * 7919) % 60_013}`);
      words.sort();
      return performance.now() - t0;
    }));
  }
  times.sort((a, b) => a - b);
  const ms = times[2];
  return { calibrationMs: Math.round(ms * 10) / 10, factor: Math.max(1, ms / QUIET_CALIBRATION_MS) };
}

/** A bound of `quietMs` on a quiet machine, scaled to this one: see [`slowness`]. */
export function scaled(quietMs, { factor }) {
  return Math.round(quietMs * factor);
}
