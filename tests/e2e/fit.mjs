// Does every language fit? Measurements made in the page, for any spec to reuse:
//   - `fitProblems(page)`: words split across two lines, text that leaves its box (or is clipped by
//     it), a text drawn in the scene that runs out of its frame, and a header on more than one row;
//   - `textSizes(page)`: the size every visible text is drawn at, for the size floors.
// Each returns plain data (a list of findings, each naming its element and text), so a failing
// test says what broke where.

/** In the page: every finding of the kinds above. `skip` is a selector for text that may break
 * anywhere by design (code, links written out, the log's technical lines). */
function measureFit({ skip }) {
  const findings = { splits: [], overflows: [], svg: [], header: null };
  const describe = (el) => {
    const id = el.closest('[data-testid]')?.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
    return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${id ? ` in [${id}]` : ''}`;
  };
  const shown = (el) => {
    if (!el.getClientRects().length) return false;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.opacity === '0') return false;
    // Visually hidden for screen readers only (the sr-only pattern: a one-pixel box that clips its
    // text, as presenter mode's page title): drawn nowhere, so it neither fits nor spills.
    for (let a = el; a && a !== document.body && !(a instanceof SVGElement); a = a.parentElement) {
      const b = a.getBoundingClientRect();
      if ((b.width <= 1 || b.height <= 1) && getComputedStyle(a).overflow !== 'visible') return false;
    }
    return true;
  };
  const skipped = (el) => el.closest(`${skip}, .sr-only, script, style, noscript, option, select, svg`);
  // The text nodes a person sees, outside the scene's drawing (checked on its own below).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.data.trim() || skipped(el) || !shown(el)) continue;
    // Set upright on purpose (the handout's "fold here"): its letters go down, not across.
    if (getComputedStyle(el).writingMode.startsWith('vertical')) continue;
    nodes.push(n);
  }
  // 1. Words split across lines. A word is a run of characters between spaces (a no-break space
  // belongs to the word); a line may also end after a hyphen, a dash, a slash or a soft hyphen,
  // and between two Chinese characters, as the language's own rules allow.
  const cjk = /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]/;
  for (const n of nodes) {
    const text = n.data;
    const re = /[^ \t\n\r]+/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const [start, end] = [m.index, m.index + m[0].length];
      if (end - start < 2) continue;
      let prevTop = null;
      let prevChar = '';
      for (let i = start; i < end; i++) {
        const ch = text[i];
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        // The last box: after a soft hyphen, Chromium gives the next letter the hyphen's box too.
        const rect = [...r.getClientRects()].filter((q) => q.width > 0).pop();
        if (!rect) { prevChar = ch; continue; }
        if (prevTop !== null && rect.top > prevTop + rect.height / 2) {
          const allowed = /[-\u2010\u2013\u2014/\u00AD]/.test(prevChar) || cjk.test(prevChar) || cjk.test(ch);
          if (!allowed) {
            findings.splits.push({ where: describe(n.parentElement), word: m[0], at: `${text.slice(start, i)}|${text.slice(i, end)}` });
            break;
          }
        }
        prevTop = rect.top;
        prevChar = ch;
      }
    }
  }
  // 2. Text that leaves its box: wider than the box laid out for it, or out of the box that clips
  // it (a box that scrolls on purpose is left alone).
  const boxes = new Set(nodes.map((n) => n.parentElement));
  // Every box around a text, up to the first that scrolls: a row too wide for its box pushes
  // its last item out even when that item's own box is as wide as its text.
  const containers = new Set();
  for (const el of boxes) {
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (/auto|scroll/.test(cs.overflowX + cs.overflowY)) break;
      if (!cs.display.startsWith('inline') || cs.display === 'inline-block' || cs.display === 'inline-flex') containers.add(a);
    }
  }
  for (const el of containers) {
    const cs = getComputedStyle(el);
    const scrolls = (v) => v === 'auto' || v === 'scroll';
    if (!scrolls(cs.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      findings.overflows.push({ where: describe(el), how: `content ${el.scrollWidth} px wide in a box of ${el.clientWidth}`, text: el.textContent.trim().slice(0, 80) });
      continue;
    }
    const clipsY = cs.overflowY === 'hidden' || cs.overflowY === 'clip';
    if (clipsY && el.scrollHeight > el.clientHeight + 1) {
      findings.overflows.push({ where: describe(el), how: `content ${el.scrollHeight} px tall, cut at ${el.clientHeight}`, text: el.textContent.trim().slice(0, 80) });
    }
  }
  // Text past the side of the screen (the page would scroll sideways, or it is cut), and text
  // outside the box of the nearest ancestor that clips (overflow other than visible).
  const screenWidth = document.documentElement.clientWidth;
  for (const n of nodes) {
    const r = document.createRange();
    r.selectNodeContents(n);
    const rects = [...r.getClientRects()].filter((q) => q.width > 0);
    if (rects.some((q) => q.right > screenWidth + 1 || q.left < -1)) {
      findings.overflows.push({ where: describe(n.parentElement), how: 'past the side of the screen', text: n.data.trim().slice(0, 80) });
      continue;
    }
    for (let a = n.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      if (cs.overflowX === 'auto' || cs.overflowY === 'auto' || cs.overflowX === 'scroll' || cs.overflowY === 'scroll') break;
      const b = a.getBoundingClientRect();
      const out = rects.find((q) => q.right > b.right + 1 || q.left < b.left - 1 || q.bottom > b.bottom + 1 || q.top < b.top - 1);
      if (out) findings.overflows.push({ where: describe(n.parentElement), how: `cut by ${describe(a)}`, text: n.data.trim().slice(0, 80) });
      break;
    }
  }
  // 3. In the scene's drawing: each word shown inside a frame (a bubble, a note, a sign) stays in it.
  const frames = [...document.querySelectorAll('.stage :is(.card, .scroll, .alarm, .note rect, .call-tag rect, .countdown-box, .guard-sign rect, .end-sign rect, .end-sign polygon, .villain-tag)')]
    .filter((f) => f.getClientRects().length && getComputedStyle(f).display !== 'none')
    .map((f) => f.getBoundingClientRect())
    .filter((b) => b.width > 0);
  for (const t of document.querySelectorAll('.stage text')) {
    if (!t.getClientRects().length || !t.textContent.trim()) continue;
    const b = t.getBoundingClientRect();
    if (!b.width) continue;
    const cx = b.left + Math.min(4, b.width / 2);
    const cy = b.top + b.height / 2;
    const frame = frames.find((f) => cx >= f.left && cx <= f.right && cy >= f.top && cy <= f.bottom);
    if (frame && (b.right > frame.right + 1 || b.left < frame.left - 1)) {
      findings.svg.push({ text: t.textContent.trim(), how: `${Math.round(b.right - frame.right)} px past its frame's right edge` });
    }
  }
  // 4. The header: its brand and every control on one row (one line crosses all of them).
  const header = document.querySelector('header.top');
  if (header && shown(header)) {
    const items = [header.querySelector('.brand'), ...header.querySelectorAll('.top-actions > *')]
      .filter((el) => el && shown(el))
      .map((el) => ({ el, b: el.getBoundingClientRect() }))
      .filter(({ b }) => b.width > 0 && b.height > 0);
    const lowestTop = Math.max(...items.map(({ b }) => b.top));
    const highestBottom = Math.min(...items.map(({ b }) => b.bottom));
    const rows = lowestTop < highestBottom ? 1 : 1 + items.filter(({ b }) => b.top >= highestBottom).length;
    findings.header = { rows, wraps: lowestTop >= highestBottom, below: items.filter(({ b }) => b.top >= highestBottom).map(({ el }) => describe(el)) };
  }
  return findings;
}

/** The default `skip`: text that may break anywhere by design. */
export const BREAKS_ANYWHERE = '.code, .kit-link, .phone-qr-link, .call, .diagnosis .fix, .entry-text, .share-link';

/** Waits for the page's animations that end (a bubble popping in, a chip dropping) to end, so a
 * measure sees the page at rest, not a frame of a transition; the endless ones (a glow) go on. */
export async function settle(page) {
  // At most 2 s: a paused animation (the player paused mid-step) never ends.
  await page.evaluate(() => Promise.race([
    Promise.all(document.getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => {}))),
    new Promise((done) => setTimeout(done, 2000)),
  ]));
}

export async function fitProblems(page, { skip = BREAKS_ANYWHERE } = {}) {
  await settle(page);
  return page.evaluate(measureFit, { skip });
}

/** In the page: the drawn size of every visible text on screen (in the viewport): its computed
 * font size, times the drawing's scale for text in an SVG. */
function measureSizes() {
  const out = [];
  // Scrolled out of a box that scrolls (a long code listing), or out of one that clips.
  const clippedAway = (el, b) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      if (b.bottom <= c.top || b.top >= c.bottom || b.right <= c.left || b.left >= c.right) return true;
    }
    return false;
  };
  const visuallyHidden = (el) => {
    for (let a = el; a && a !== document.body && !(a instanceof SVGElement); a = a.parentElement) {
      const b = a.getBoundingClientRect();
      if ((b.width <= 1 || b.height <= 1) && getComputedStyle(a).overflow !== 'visible') return true;
    }
    return false;
  };
  const inView = (b) => b.bottom > 0 && b.top < innerHeight && b.right > 0 && b.left < innerWidth && b.width > 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.data.trim() || el.closest('.sr-only, script, style, noscript, option')) continue;
    if (el.closest('[aria-hidden="true"]') && !el.closest('svg')) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.opacity === '0' || !el.getClientRects().length) continue;
    // Visually hidden, for screen readers only (the sr-only pattern: a box of a pixel that clips
    // its text, as presenter mode's page title): nobody sees it at any size.
    if (visuallyHidden(el)) continue;
    const r = document.createRange();
    r.selectNodeContents(n);
    const b = r.getBoundingClientRect();
    if (!inView(b) || clippedAway(el, b)) continue;
    let px = parseFloat(cs.fontSize);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      if (m) px *= Math.hypot(m.a, m.b);
    }
    const id = el.closest('[data-testid]')?.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className : el.className?.baseVal ?? '';
    out.push({ px: Math.round(px * 10) / 10, text: n.data.trim().slice(0, 60), where: `${el.tagName.toLowerCase()}${cls ? `.${cls.trim().split(/\s+/).join('.')}` : ''}${id ? ` in [${id}]` : ''}` });
  }
  // A select shows its chosen option, whose text has no box of its own: the select's size is its.
  for (const s of document.querySelectorAll('select')) {
    const b = s.getBoundingClientRect();
    if (!inView(b) || getComputedStyle(s).visibility === 'hidden') continue;
    out.push({ px: parseFloat(getComputedStyle(s).fontSize), text: s.selectedOptions[0]?.textContent.trim() ?? '', where: `select in [${s.closest('[data-testid]')?.getAttribute('data-testid') ?? s.dataset.testid}]` });
  }
  return out;
}

export async function textSizes(page) {
  await settle(page);
  return page.evaluate(measureSizes);
}

/** The computed font size of the first visible element matching each selector (null when none). */
export async function fontSizes(page, selectors) {
  return page.evaluate((sels) => Object.fromEntries(sels.map((s) => {
    const el = [...document.querySelectorAll(s)].find((e) => e.getClientRects().length);
    return [s, el ? parseFloat(getComputedStyle(el).fontSize) : null];
  })), selectors);
}

/** In the page: walks the timeline through every step of the run on screen and, at each, finds
 * the scene's words that leave their frame (a bubble, a note, a sign, the villain's tag) and a
 * layer stamp whose words leave its box or the scene. One finding per distinct problem, naming the
 * step and the words. */
async function measureScene() {
  const found = new Map();
  const note = (key, finding) => { if (!found.has(key)) found.set(key, finding); };
  const timeline = document.querySelector('[data-testid="timeline"]');
  const stage = document.querySelector('[data-testid="stage"]');
  if (!timeline || !stage) return [{ where: 'scene', how: 'no timeline or stage on the page' }];
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const last = Number(timeline.max);
  for (let i = 0; i <= last; i++) {
    timeline.value = String(i);
    timeline.dispatchEvent(new Event('input', { bubbles: true }));
    await frame();
    // Measured at rest: a bubble popping in or a note flying back, at its end.
    for (const a of document.getAnimations()) {
      if (a.effect?.getComputedTiming().endTime !== Infinity) a.finish();
    }
    const beat = `step ${i + 1} (${stage.dataset.beat}${stage.dataset.layer ? `, ${stage.dataset.layer}` : ''})`;
    const shown = (el) => el.getClientRects().length && getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility !== 'hidden';
    // Each framed group's words against its own frame, and the words drawn over a frame from outside it.
    const frames = [...stage.querySelectorAll(':is(.card, .scroll, .alarm, .note rect, .call-tag rect, .countdown-box, .guard-sign rect, .end-sign rect, .end-sign polygon, .villain-tag)')]
      .filter(shown)
      .map((f) => f.getBoundingClientRect())
      .filter((b) => b.width > 0);
    for (const t of stage.querySelectorAll('text')) {
      if (!shown(t) || !t.textContent.trim()) continue;
      const b = t.getBoundingClientRect();
      if (!b.width) continue;
      const cx = b.left + Math.min(4, b.width / 2);
      const cy = b.top + b.height / 2;
      const f = frames.find((q) => cx >= q.left && cx <= q.right && cy >= q.top && cy <= q.bottom);
      if (!f) continue;
      const past = Math.max(b.right - f.right, f.left - b.left);
      if (past > 1) {
        note(`text:${t.textContent.trim()}`, { where: beat, text: t.textContent.trim(), how: `${past.toFixed(1)} px out of its frame` });
      }
    }
    // The stamp: its words inside its box, and the box inside the scene.
    const stamp = document.querySelector('[data-testid="layer-stamp"]');
    if (stamp && shown(stamp)) {
      const s = stamp.getBoundingClientRect();
      const box = (stamp.closest('.stage-box') ?? stage).getBoundingClientRect();
      for (const part of stamp.querySelectorAll('span')) {
        if (!shown(part)) continue;
        const r = document.createRange();
        r.selectNodeContents(part);
        const q = r.getBoundingClientRect();
        const past = Math.max(q.right - s.right, s.left - q.left, q.bottom - s.bottom, s.top - q.top);
        if (q.width && past > 1) note(`stamp:${part.textContent.trim()}`, { where: beat, text: part.textContent.trim(), how: `${past.toFixed(1)} px out of the stamp` });
      }
      const out = Math.max(s.right - box.right, box.left - s.left, s.bottom - box.bottom, box.top - s.top);
      if (out > 1) note(`stamp-box:${stamp.textContent.trim()}`, { where: beat, text: stamp.textContent.trim(), how: `the stamp is ${out.toFixed(1)} px out of the scene` });
    }
  }
  return [...found.values()];
}

/** Every step of the run on screen: the scene's words out of their frames, and the stamp's out of
 * its box (see `measureScene`). The run must have ended. */
export async function sceneProblems(page) {
  return page.evaluate(measureScene);
}
