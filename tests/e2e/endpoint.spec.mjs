// Real endpoints: the page talks to the OpenAI-compatible test server over real HTTP, and each
// test scripts what the server does, then checks both the page and what the server received.
import { test, expect } from './fixtures.mjs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { ENDPOINT, SERVER, script, chats, modelRequests } from './test-server.mjs';
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

/** A loopback port nothing listens on: taken from the system, then let go. */
async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Points the form at `url` (taken when the field is left, as when a user moves on). */
async function setBaseUrl(page, url) {
  await page.getByTestId('base-url').fill(url);
  await page.getByTestId('base-url').press('Tab');
}

/** Presses Test connection and waits for its finding. */
async function testConnection(page) {
  await page.getByTestId('test-connection').click();
  const result = page.getByTestId('connection-result');
  await expect(result).toBeVisible();
  return result;
}

test('Test connection lists the models the server offers, in one request', async ({ page, request }) => {
  await script(request, []);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  const result = await testConnection(page);
  await expect(result).toHaveAttribute('data-finding', 'ok');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText('rusty-lock-test');
  expect(await modelRequests(request)).toHaveLength(1);
});

test('Test connection to a closed port says nothing answers, and how to start the server', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  await setBaseUrl(page, `http://127.0.0.1:${await closedPort()}/v1`);
  const result = await testConnection(page);
  await expect(result).toHaveAttribute('data-finding', 'unreachable');
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result.getByTestId('finding')).toContainText('Nothing answers at this address');
  await expect(result.getByTestId('fix')).toContainText('Start the server');
});

test('Test connection to a live server without CORS headers says CORS, told apart by a blind request', async ({ page, request }) => {
  await script(request, [], [{ cors: false }]);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  const result = await testConnection(page);
  await expect(result).toHaveAttribute('data-finding', 'cors');
  await expect(result.getByTestId('finding')).toContainText('CORS');
  await expect(result.getByTestId('fix')).toContainText('Access-Control-Allow-Origin');
  // One try: the real request, then the one blind request that found the server up.
  expect(await modelRequests(request)).toHaveLength(2);
});

test("Test connection shows a 401 with the server's own words and says to check the key, never showing it", async ({ page, request }) => {
  const canary = 'sk-canary-401-5e1d';
  await script(request, [], [{ status: 401, echoKey: true }]);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  await page.getByTestId('api-key').fill(canary);
  await page.getByTestId('api-key').press('Tab');
  const result = await testConnection(page);
  await expect(result).toHaveAttribute('data-finding', 'http');
  await expect(result.getByTestId('finding')).toContainText('HTTP 401');
  await expect(result.getByTestId('finding')).toContainText('Incorrect API key provided');
  await expect(result.getByTestId('fix')).toContainText('Check the API key');
  const sent = await modelRequests(request);
  expect(sent).toHaveLength(1);
  expect(sent[0].authorization).toBe(`Bearer ${canary}`);
  expect(await page.content()).not.toContain(canary);
});

test('Test connection to a web page says it is not an OpenAI-compatible API and the base URL ends in /v1', async ({ page, request }) => {
  await script(request, [], [{ body: '<!doctype html><html><body><h1>Welcome</h1></body></html>', contentType: 'text/html' }]);
  const pg = new Playground(page);
  await pg.open(ENDPOINT);
  const result = await testConnection(page);
  await expect(result).toHaveAttribute('data-finding', 'not-openai');
  await expect(result.getByTestId('finding')).toContainText('web page');
  await expect(result.getByTestId('fix')).toContainText('/v1');
});

test('Test connection and the diagnosis after a Run say the same thing about the same server', async ({ page, request }) => {
  // The model list without CORS twice: once for the probe after the Run (blind, so it reads
  // nothing either way), once for Test connection's own request.
  await script(request, [{ cors: false }, { cors: false }, { cors: false }], [{ cors: false }, { cors: false }]);
  const pg = new Playground(page);
  await pg.open(`${ENDPOINT}&base=50&cap=100`);
  await pg.run();
  await pg.waitForOutcome('failed');
  const diagnosis = page.getByTestId('cors-diagnosis');
  await expect(diagnosis).toHaveAttribute('data-finding', 'cors');
  const result = await testConnection(page);
  await expect(result).toHaveAttribute('data-finding', 'cors');
  expect(await result.getByTestId('finding').textContent()).toBe(await diagnosis.getByTestId('finding').textContent());
  expect(await result.getByTestId('fix').textContent()).toBe(await diagnosis.getByTestId('fix').textContent());
});

test('a preset that needs a model name asks for it, and Run says why it waits until it is set', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&speed=instant');
  await page.getByTestId('provider-http').check();
  // Ollama, the first preset, needs a model name and has none yet.
  await expect(page.getByTestId('run')).toBeDisabled();
  await expect(page.getByTestId('run-blocked')).toContainText('Run needs a model name');
  await expect(page.getByTestId('run')).toHaveAttribute('aria-describedby', 'run-blocked');
  await expect(page.getByTestId('model-needed')).toContainText('Ollama needs a model name');
  await expect(page.getByTestId('model-name')).toHaveAttribute('aria-invalid', 'true');
  // Choosing a preset puts the cursor where the name goes.
  await page.getByTestId('preset').selectOption('lmstudio');
  await expect(page.getByTestId('model-name')).toBeFocused();
  await expect(page.getByTestId('model-needed')).toContainText('LM Studio needs a model name');
  await page.getByTestId('model-name').pressSequentially('qwen');
  await expect(page.getByTestId('run')).toBeEnabled();
  await expect(page.getByTestId('run-blocked')).toHaveCount(0);
  await expect(page.getByTestId('model-needed')).toHaveCount(0);
  // Emptied again, Run waits again.
  await page.getByTestId('model-name').fill('');
  await expect(page.getByTestId('run')).toBeDisabled();
  await expect(page.getByTestId('run-blocked')).toBeVisible();
});

test('Run waits for a model name in the page language too', async ({ page }) => {
  await page.goto('/?v=1&speed=instant&lang=fr');
  await page.getByTestId('provider-http').check();
  await expect(page.getByTestId('run')).toBeDisabled();
  await expect(page.getByTestId('run-blocked')).toContainText('Lancer attend un nom de modèle');
  await expect(page.getByTestId('model-needed')).toContainText("Ollama a besoin d'un nom de modèle");
});

test('Test connection offers the models it found as the missing model name', async ({ page, request }) => {
  await script(request, []);
  const pg = new Playground(page);
  await pg.open('?v=1&speed=instant');
  await page.getByTestId('provider-http').check();
  await page.getByTestId('preset').selectOption('custom');
  // Custom keeps the address there was, for the user to edit, and stays a real endpoint.
  await expect(page.getByTestId('base-url')).toBeFocused();
  await expect(page.getByTestId('base-url')).toHaveValue('http://localhost:11434/v1');
  await expect(page.getByTestId('preset')).toHaveValue('custom');
  await setBaseUrl(page, `${SERVER}/v1`);
  await expect(page.getByTestId('preset')).toHaveValue('custom');
  await testConnection(page);
  await page.getByTestId('use-model').filter({ hasText: 'rusty-lock-test' }).click();
  await expect(page.getByTestId('model-name')).toHaveValue('rusty-lock-test');
  await expect(page.getByTestId('use-model')).toHaveCount(0);
  await pg.run();
  await pg.waitForOutcome('answered');
  expect((await chats(request)).every((r) => r.body.model === 'rusty-lock-test')).toBe(true);
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
  await expect(pg.outcome).toContainText('3 attempts');
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
  await expect(pg.outcome).toContainText('HTML');
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
  await expect(pg.log.locator('#injected, img')).toHaveCount(0);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
});
