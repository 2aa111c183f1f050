// Real endpoints: the page talks to the OpenAI-compatible test server over real HTTP, and each
// test scripts what the server does, then checks both the page and what the server received.
import { test, expect } from './fixtures.mjs';
import { readFile } from 'node:fs/promises';
import { ENDPOINT, script, chats } from './test-server.mjs';
import { slowness, scaled } from './responsiveness.mjs';
import { Playground, logLines } from './playground.page.mjs';


test('a real endpoint plays the adventure, streaming its replies', async ({ page, request }) => {
  await script(request, []);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(page.getByTestId('door')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('stream-text')).toContainText('temple door is open');
  const sent = await chats(request);
  expect(sent).toHaveLength(5);
  expect(sent.every((r) => r.stream === true)).toBe(true);
  await expect(page.getByTestId('verdict')).toBeVisible();
});

test('Test connection lists the models the server offers', async ({ page, request }) => {
  await script(request, []);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  await page.getByTestId('test-connection').click();
  await expect(page.getByTestId('connection-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('connection-result')).toContainText('rusty-lock-test');
});

test('a 401 from the server is not retried: exactly one request on that turn', async ({ page, request }) => {
  await script(request, ['ok', { status: 401 }]);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  await pg.run();
  await pg.waitForOutcome('failed');
  await expect(pg.entries('[data-kind="model-call-failed"]')).toHaveAttribute('data-layer', 'nobody');
  expect(await chats(request)).toHaveLength(2);
});

test('a 503 is tried exactly as many times as the policy allows, then fails', async ({ page, request }) => {
  await script(request, ['ok', { status: 503 }, { status: 503 }, { status: 503 }]);
  const pg = new Playground(page);
  await pg.open(`${ENDPOINT}&base=50&cap=100`);
  await pg.run();
  await pg.waitForOutcome('failed');
  await expect(pg.outcome()).toContainText('3 attempts');
  expect(await chats(request)).toHaveLength(4);
});

test('a 429 with Retry-After is retried only after the wait the server asked for', async ({ page, request }) => {
  await script(request, ['ok', { status: 429, retryAfter: '1' }]);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  await pg.run();
  await pg.waitForOutcome('answered');
  const sent = await chats(request);
  // Should this ever fail, the request times say why.
  const times = `request times (ms): ${sent.map((r) => r.timeMs).join(', ')}`;
  expect(sent, times).toHaveLength(6);
  expect(sent[2].timeMs - sent[1].timeMs, times).toBeGreaterThanOrEqual(950);
  await expect(pg.entries('[data-kind="retry-scheduled"]')).toContainText('Server asked to wait');
  await expect(page.locator('[data-testid="verdict"] [data-slug="honoured-retry-after"]')).toBeVisible();
});

test('Stop during a call that never answers sends no further request', async ({ page, request }) => {
  await script(request, ['ok', { hang: true }]);
  const pg = new Playground(page);
  await pg.open(`${ENDPOINT}&watchdog=60000`);
  await pg.run();
  await expect.poll(async () => (await chats(request)).length).toBe(2);
  await pg.stop();
  // At once: 2 s on a quiet machine, scaled to this one.
  await pg.waitForOutcome('cancelled', scaled(2_000, await slowness(page)));
  await page.waitForTimeout(1500);
  expect(await chats(request)).toHaveLength(2);
});

test('the watchdog cuts a hanging call and your code retries it', async ({ page, request }) => {
  await script(request, ['ok', { hang: true }]);
  const pg = new Playground(page);
  // 2.5 s: a healthy answer here takes tens of milliseconds, but on a starved machine one took
  // over a second, and a 1 s watchdog cut it too (a second trip, seen under CPU load).
  await pg.open(`${ENDPOINT}&watchdog=2500&base=50`);
  await pg.run();
  await pg.waitForOutcome('answered', 20_000);
  await expect(pg.entries('[data-kind="guard-tripped"]')).toHaveCount(1);
  await expect(pg.entries('[data-kind="guard-tripped"]')).toContainText('watchdog');
  const sent = await chats(request);
  expect(sent).toHaveLength(6);
  // The cut came a full watchdog period after the silent call was sent, not earlier.
  expect(sent[2].timeMs - sent[1].timeMs).toBeGreaterThanOrEqual(2450);
});

test('a response without CORS headers is retried like a dropped connection, then diagnosed', async ({ page, request }) => {
  await script(request, [{ cors: false }, { cors: false }, { cors: false }]);
  const pg = new Playground(page);
  await pg.open(`${ENDPOINT}&base=50&cap=100`);
  await pg.run();
  await pg.waitForOutcome('failed');
  const diagnosis = page.getByTestId('cors-diagnosis');
  await expect(diagnosis).toHaveAttribute('data-finding', 'cors');
  await expect(diagnosis).toContainText('Access-Control-Allow-Origin');
  await expect(diagnosis).toContainText('cannot know');
  expect(await chats(request)).toHaveLength(3);
});

test('an Ollama endpoint that is not running is diagnosed with its own fix', async ({ page, request }) => {
  const pg = new Playground(page);
  await pg.open(`?v=1&endpoint=${encodeURIComponent('http://127.0.0.1:9/v1')}&llm=x&speed=instant&base=20&cap=40`);
  await page.getByTestId('preset').selectOption('ollama');
  await page.getByTestId('base-url').fill('http://localhost:9/v1');
  await page.getByTestId('base-url').press('Tab');
  await pg.run();
  await pg.waitForOutcome('failed');
  await expect(page.getByTestId('cors-diagnosis')).toHaveAttribute('data-finding', 'unreachable');
});

test('a malformed stream chunk ends the run without a retry', async ({ page, request }) => {
  await script(request, ['ok', { stream: 'malformed' }]);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  await pg.run();
  await pg.waitForOutcome('failed');
  await expect(pg.entries('[data-kind="model-call-failed"]')).toHaveAttribute('data-layer', 'nobody');
  expect(await chats(request)).toHaveLength(2);
});

test('a stream cut short without its end marker is never accepted, and is retried', async ({ page, request }) => {
  await script(request, ['ok', { stream: 'truncated' }, { stream: 'drop' }]);
  const pg = new Playground(page);
  await pg.open(`${ENDPOINT}&base=50&cap=100`);
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(pg.entries('[data-kind="model-call-failed"][data-layer="code"]')).toHaveCount(2);
  expect(await chats(request)).toHaveLength(7);
});

test('an HTML page instead of a completion fails clearly, not retried', async ({ page, request }) => {
  await script(request, ['ok', { body: '<html><body>Bad gateway, says the proxy</body></html>', contentType: 'text/html' }]);
  const pg = new Playground(page);
  await pg.open(`${ENDPOINT}`);
  await page.getByTestId('stream').uncheck();
  await pg.run();
  await pg.waitForOutcome('failed');
  await expect(pg.outcome()).toContainText('HTML');
  expect(await chats(request)).toHaveLength(2);
});

test('the API key canary reaches only the Authorization header', async ({ page, request }, testInfo) => {
  const canary = 'sk-canary-7f3a9e51';
  const consoleText = [];
  page.on('console', (m) => consoleText.push(m.text()));
  await script(request, ['ok', 'ok', 'ok', 'ok', { status: 401, echoKey: true }]);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  await page.getByTestId('api-key').fill(canary);
  await page.getByTestId('api-key').press('Tab');
  await pg.run();
  await pg.waitForOutcome('failed');
  const sent = await chats(request);
  expect(sent.every((r) => r.authorization === `Bearer ${canary}`)).toBe(true);
  expect(page.url()).not.toContain(canary);
  expect(await page.getByTestId('share-link').inputValue()).not.toContain(canary);
  expect(await page.content()).not.toContain(canary);
  expect((await logLines(page)).join('\n')).not.toContain(canary);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('canary');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-trace').click()]);
  const path = testInfo.outputPath('trace.json');
  await download.saveAs(path);
  expect(await readFile(path, 'utf8')).not.toContain(canary);
  expect(consoleText.join('\n')).not.toContain(canary);

  // Remembering is opt-in, and Forget really forgets.
  await page.getByTestId('remember-key').check();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).toContain(canary);
  await page.getByTestId('forget-key').click();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(canary);
});

test("a model's words that look like HTML stay words in the log", async ({ page, request }) => {
  const words = '<b id="injected">Done</b> & <img src=x onerror="window.__pwned=1">';
  const completion = {
    id: 'x', object: 'chat.completion', created: 0, model: 'rusty-lock-test',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: words } }],
  };
  await script(request, [{ body: JSON.stringify(completion), contentType: 'application/json' }]);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  await page.getByTestId('stream').uncheck();
  await pg.run();
  await pg.waitForOutcome('answered');
  await expect(pg.entries('[data-kind="model-replied"]')).toContainText(words);
  await expect(pg.log().locator('#injected, img')).toHaveCount(0);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
});
