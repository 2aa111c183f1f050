// Replies as real servers send them: the test server bends its answer one way per case (see
// SHAPES in tests/server/server.mjs), streamed and not, and each test checks the outcome, the
// layer of each log line, how many requests went out, and that no tool result was lost.
import { test, expect } from './fixtures.mjs';
import { ENDPOINT, script, chats } from './test-server.mjs';
import { Playground } from './playground.page.mjs';
import { slowness, scaled } from './responsiveness.mjs';


/** Every tool call the model made was answered by a tool message with its id, in order. */
function assertNoResultLost(sent) {
  const last = sent[sent.length - 1].body.messages;
  const asked = last.flatMap((m) => (m.tool_calls || []).map((c) => c.id));
  const answered = last.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
  expect(answered).toEqual(asked);
}

/** `[kind, layer]` of every log line that names a layer. */
async function layered(pg) {
  return pg.entries('[data-layer]').evaluateAll((els) => els.map((e) => [e.dataset.kind, e.dataset.layer]));
}

async function start(page, request, entries, { stream }) {
  await script(request, entries);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  if (!stream) await page.getByTestId('stream').uncheck();
  await pg.run();
  return pg;
}

for (const stream of [true, false]) {
  const how = stream ? 'streamed' : 'not streamed';

  test(`${how}: tool calls that end with finish_reason stop still run, and your code says so`, async ({ page, request }) => {
    const pg = await start(page, request, [{ shape: 'tools-with-stop' }], { stream });
    await pg.waitForOutcome('answered');
    expect(await layered(pg)).toEqual([['quirk-tolerated', 'code'], ['tool-failed', 'model']]);
    await expect(pg.entries('[data-kind="quirk-tolerated"]')).toContainText('stop');
    await expect(pg.entries('[data-kind="tool-succeeded"]').first()).toContainText('look_at');
    const sent = await chats(request);
    expect(sent).toHaveLength(5);
    assertNoResultLost(sent);
  });

  test(`${how}: a reply cut at the length limit is not the answer`, async ({ page, request }) => {
    const pg = await start(page, request, [{ shape: 'cut-at-length' }], { stream });
    await pg.waitForOutcome('failed');
    await expect(pg.outcome).toContainText('max_tokens');
    expect(await layered(pg)).toEqual([['finished', 'nobody']]);
    await expect(page.locator('[data-testid="board-entry"][data-kind="cut-at-length"]')).toHaveAttribute('data-layer', 'nobody');
    await expect(page.locator('[data-testid="verdict"] [data-slug="cut-at-length"]')).toContainText('max_tokens');
    expect(await chats(request)).toHaveLength(1);
  });

  test(`${how}: tool arguments cut at the length limit go back to the model`, async ({ page, request }) => {
    const pg = await start(page, request, [{ shape: 'args-cut-at-length' }], { stream });
    await pg.waitForOutcome('answered');
    expect(await layered(pg)).toEqual([['quirk-tolerated', 'code'], ['tool-failed', 'model'], ['tool-failed', 'model']]);
    await expect(pg.entries('[data-kind="tool-failed"]').first()).toContainText('broken JSON');
    const sent = await chats(request);
    expect(sent).toHaveLength(6);
    assertNoResultLost(sent);
  });

  for (const [shape, words] of [['content-filter', 'content_filter'], ['unknown-finish', 'recitation']]) {
    test(`${how}: finish_reason ${words} ends the run naming it`, async ({ page, request }) => {
      const pg = await start(page, request, [{ shape }], { stream });
      await pg.waitForOutcome('failed');
      await expect(pg.outcome).toContainText(words);
      expect(await layered(pg)).toEqual([['finished', 'nobody']]);
      expect(await chats(request)).toHaveLength(1);
    });
  }

  test(`${how}: usage-only chunks and reasoning fields are read, and reasoning is never the answer`, async ({ page, request }) => {
    const shapes = ['usage-chunk', 'reasoning', 'usage-chunk', 'reasoning', 'reasoning,usage-chunk'];
    const pg = await start(page, request, shapes.map((shape) => ({ shape })), { stream });
    await pg.waitForOutcome('answered');
    await expect(pg.outcome).toContainText('temple door is open');
    await expect(pg.outcome).not.toContainText('REASONING-ONLY');
    expect((await pg.log.textContent())).not.toContain('REASONING-ONLY');
    if (stream) await expect(page.getByTestId('stream-text')).not.toContainText('REASONING-ONLY');
    expect(await layered(pg)).toEqual([['tool-failed', 'model']]);
    // The server counted the prompt: the meter shows its figure beside the estimate.
    await expect(page.getByTestId('token-value')).toHaveAttribute('data-server-tokens', /^[1-9][0-9]*$/);
    await expect(page.getByTestId('token-value')).toContainText('The server counted');
    // Drawn as a thin bar beside each turn's estimate.
    await expect(page.locator('[data-testid="token-meter"] .bar-counted')).toHaveCount(stream ? 3 : 5);
    const sent = await chats(request);
    expect(sent).toHaveLength(5);
    assertNoResultLost(sent);
  });

  test(`${how}: two tool calls in one reply, pieces out of order, each run with its own result`, async ({ page, request }) => {
    const pg = await start(page, request, [{ shape: 'two-calls' }], { stream });
    await pg.waitForOutcome('answered');
    const started = await pg.entries('[data-kind="tool-started"]').allTextContents();
    expect(started.slice(0, 2)).toEqual(['Running look_at', 'Running use'].map((t) => expect.stringContaining(t)));
    const sent = await chats(request);
    expect(sent).toHaveLength(4);
    const second = sent[1].body.messages;
    expect(second.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['call_a', 'call_b']);
    assertNoResultLost(sent);
  });

  test(`${how}: empty arguments are a missing field the model fixes`, async ({ page, request }) => {
    const pg = await start(page, request, [{ shape: 'empty-args' }], { stream });
    await pg.waitForOutcome('answered');
    await expect(pg.entries('[data-kind="tool-failed"]').first()).toContainText('target');
    expect(await layered(pg)).toEqual([['tool-failed', 'model'], ['tool-failed', 'model']]);
    const sent = await chats(request);
    expect(sent).toHaveLength(6);
    assertNoResultLost(sent);
  });

  test(`${how}: a 429 without Retry-After backs off, and with both headers the ms one wins`, async ({ page, request }) => {
    const pg = await start(page, request,
      ['ok', { status: 429 }, { status: 429, retryAfter: '5', retryAfterMs: '300' }], { stream });
    await pg.waitForOutcome('answered', 20_000);
    const waits = await pg.entries('[data-kind="retry-scheduled"]').allTextContents();
    expect(waits).toHaveLength(2);
    expect(waits[0]).toContain('Backing off');
    expect(waits[1]).toContain('Server asked to wait: retrying in 300 ms');
    expect(await layered(pg)).toEqual([
      ['model-call-failed', 'code'], ['retry-scheduled', 'code'],
      ['model-call-failed', 'code'], ['retry-scheduled', 'code'], ['tool-failed', 'model'],
    ]);
    const sent = await chats(request);
    expect(sent).toHaveLength(7);
    expect(sent[3].timeMs - sent[2].timeMs).toBeGreaterThanOrEqual(280);
  });
}

test('a real endpoint that sends a megabyte without a break keeps the page answering', async ({ page, request }) => {
  await new Playground(page).watchLongTasks();
  for (const stream of [true, false]) {
    const pg = await start(page, request, [{ shape: 'huge-reply' }], { stream });
    const slow = await slowness(page);
    // The page answers a click while the megabyte arrives and is shown (a freeze held it for
    // minutes: the bound is generous, so a busy machine passes).
    const lessons = page.getByTestId('lessons');
    await lessons.click({ timeout: 15_000 });
    await expect(lessons).toHaveAttribute('aria-expanded', 'true', { timeout: 15_000 });
    await lessons.click({ timeout: 15_000 });
    await pg.waitForOutcome('answered', 30_000);
    await expect(pg.entries('[data-kind="model-replied"]').first()).toContainText('more characters');
    expect(await chats(request)).toHaveLength(5);
    const long = await pg.takeLongTasks();
    console.log(`figures: 1 MB unbroken reply, stream ${stream}: long tasks [${long}]`);
    // Before the clipping fix a megabyte without a break froze the page for minutes. What is left
    // is one task of 50-210 ms as the streamed megabyte is parsed and stored (97, 124 and 203 ms
    // in three runs on 2 shared cores): the bound catches a freeze, not that figure, which is
    // printed above for the notes and is an open item.
    const bound = scaled(500, slow);
    expect(long.filter((ms) => ms > bound), `long tasks (ms), stream ${stream}: ${long.join(', ')}; bound ${bound} ms`).toEqual([]);
  }
});
