// Honest cues (issue 22, items 4 and 7): the phone sheet says when no phone can follow its code,
// "Show me" draws the answer in its own layer's colours, and an opened trace says it is a replay
// without switching the page to the endpoint it was recorded against.
import { test, expect } from './fixtures.mjs';
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { ENDPOINT, SERVER, script, chats } from './test-server.mjs';
import { Playground } from './playground.page.mjs';

test.describe('the phone sheet', () => {
  test('on 127.0.0.1 it warns that phones cannot open the address and says how to serve on the network', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/?lesson=rate-limited&mode=present');
    await page.getByTestId('phone-qr-toggle').click();
    const warning = page.getByTestId('phone-qr-warning');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('Phones cannot open this address: 127.0.0.1');
    await expect(warning).toContainText('./scripts/serve.sh --network');
    // The code stays, for a laptop, but dimmed and smaller than the warning-free one.
    const code = page.getByTestId('phone-qr-code');
    await expect(code).toBeVisible();
    expect(Number(await code.evaluate((e) => getComputedStyle(e).opacity))).toBeLessThan(1);
    expect((await code.boundingBox()).height).toBeLessThan(800 * 0.5);
    // Everything on the sheet fits the screen: the warning is not pushed off it by the code.
    const box = await warning.boundingBox();
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    await expect(page.getByTestId('phone-qr-close')).toBeInViewport();
  });

  test('the warning speaks the page\'s language', async ({ page }) => {
    await page.goto('/?lesson=rate-limited&mode=present&lang=fr');
    await page.getByTestId('phone-qr-toggle').click();
    await expect(page.getByTestId('phone-qr-warning')).toContainText('Un téléphone ne peut pas ouvrir cette adresse\u00a0: 127.0.0.1');
    await page.keyboard.press('Escape');
    await page.goto('/?lesson=rate-limited&mode=present&lang=zh');
    await page.getByTestId('phone-qr-toggle').click();
    await expect(page.getByTestId('phone-qr-warning')).toContainText('手机打不开这个地址：127.0.0.1');
  });

  test('on a host a phone can reach there is no warning, and the code is full size', async ({ page }) => {
    // The page as served from a network address: every request to rusty-lock.test is answered
    // from the test build's files, so the page's own hostname is not a loopback one. (Straight
    // from the disk: a second trip through the loopback server once hung a part for a minute on
    // a busy machine.)
    const dist = resolve(process.env.E2E_DIST || 'dist');
    await page.route('http://rusty-lock.test/**', async (route) => {
      const { pathname } = new URL(route.request().url());
      const file = join(dist, decodeURIComponent(pathname.endsWith('/') ? `${pathname}index.html` : pathname));
      if (!file.startsWith(dist + sep) || !existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
      const type = { '.wasm': 'application/wasm', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' }[extname(file)];
      return route.fulfill({ path: file, contentType: type || 'application/octet-stream' });
    });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('http://rusty-lock.test/?lesson=rate-limited&mode=present');
    await page.getByTestId('phone-qr-toggle').click();
    await expect(page.getByTestId('phone-qr-code')).toBeVisible();
    await expect(page.getByTestId('phone-qr-link')).toHaveText('http://rusty-lock.test/?v=1&lesson=rate-limited');
    await expect(page.getByTestId('phone-qr-warning')).toHaveCount(0);
    expect((await page.getByTestId('phone-qr-code').boundingBox()).height).toBeGreaterThan(720 * 0.6);
    // The page goes on fetching the run's parts at an idle moment; those requests may outlive the test.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

/** The explanation's colours, and those of the answer button of `layer`, as drawn. */
async function revealColours(page, lesson, layer) {
  await page.goto(`/?lesson=${lesson}&speed=instant`);
  const button = page.getByTestId(`answer-${layer}`);
  await expect(button).toBeVisible();
  const layerColours = await button.evaluate((e) => {
    const s = getComputedStyle(e);
    return { border: s.borderTopColor, background: s.backgroundColor };
  });
  await page.getByTestId('show-me').click();
  const explanation = page.getByTestId('lesson-explanation');
  await expect(explanation).toBeVisible();
  await expect(explanation).not.toHaveAttribute('data-correct', /./);
  // Read once the explanation has its final classes (it is drawn again as the run settles).
  const colours = () => explanation.evaluate((e) => {
    const s = getComputedStyle(e);
    return { border: s.borderLeftColor, background: s.backgroundColor };
  });
  await expect.poll(colours).toEqual(layerColours);
  return { layerColours, shown: await colours() };
}

test('"Show me" draws the answer in its own layer\'s colours: code for a code answer, model for a model answer', async ({ page }) => {
  const code = await revealColours(page, 'server-hiccup', 'code');
  expect(code.shown).toEqual(code.layerColours);
  const model = await revealColours(page, 'rusted-lock', 'model');
  expect(model.shown).toEqual(model.layerColours);
  expect(model.shown).not.toEqual(code.shown);
  const nobody = await revealColours(page, 'bad-key', 'nobody');
  expect(nobody.shown).toEqual(nobody.layerColours);
});

test('an opened trace of a real-endpoint run is labelled a replay, leaves the form and the address as they were, and Run runs the form\'s model', async ({ page, newContext, request }, testInfo) => {
  // A run against the test server, saved with a key set: the trace must not carry it.
  const canary = 'sk-canary-replay-51c0';
  await script(request, []);
  const recorder = new Playground(page);
  await recorder.open(`${ENDPOINT}&faults=t2:503`);
  await page.getByTestId('api-key').fill(canary);
  await page.getByTestId('api-key').press('Tab');
  await recorder.run();
  await recorder.waitForOutcome('answered');
  const recorded = await recorder.saveTrace(testInfo.outputPath('endpoint-trace.json'));
  const saved = await readFile(recorded, 'utf8');
  expect(saved).toContain(encodeURIComponent(`${SERVER}/v1`));
  expect(saved).not.toContain(canary);
  // Replayed at 1x, so it is still playing when looked at: the trace as a 1x run would save it.
  const trace = JSON.parse(saved);
  trace.scenario = trace.scenario.replace(/&?speed=instant/, '');
  const path = testInfo.outputPath('endpoint-trace-1x.json');
  await writeFile(path, JSON.stringify(trace));

  // A fresh page on the built-in model, at 1x so the replay is still playing when looked at.
  const context = await newContext();
  const fresh = await context.newPage();
  const requests = [];
  fresh.on('request', (r) => requests.push(r.url()));
  const viewer = new Playground(fresh);
  await viewer.open('?v=1&faults=t2:503');
  // The opening link is written in its canonical form once the panels below are in (the share
  // bar among them): the address to keep is that one.
  await expect(fresh.getByTestId('import-trace')).toBeAttached();
  const address = fresh.url();
  await fresh.mouse.wheel(0, 1500);
  await fresh.getByTestId('import-trace').setInputFiles(path);
  const label = fresh.getByTestId('replay-label');
  await expect(label).toBeVisible();
  await expect(label).toContainText('Replaying a recorded trace');
  await expect(fresh.getByTestId('replay-recorded')).toHaveText(`Recorded against ${SERVER}/v1, model rusty-lock-test.`);
  // While it plays, the banner says it is a replay, not a live run, and the page keeps its own
  // model and address: the recorded endpoint is only data in the label.
  await expect(fresh.locator('.outcome-running')).toContainText('Replaying');
  await expect(fresh.locator('.outcome-running')).not.toContainText('Stop ends the run');
  expect(fresh.url()).toBe(address);
  await expect(fresh.getByTestId('provider-builtin')).toBeChecked();
  await expect(fresh.getByTestId('base-url')).toHaveCount(0);
  expect(await fresh.getByTestId('share-link').inputValue()).not.toContain('endpoint=');
  // Played to the end (sped up to save time), the label is still up.
  await viewer.speed('instant');
  await viewer.waitForOutcome('answered');
  await expect(label).toBeVisible();
  await expect(fresh.getByTestId('provider-builtin')).toBeChecked();
  expect(fresh.url()).not.toContain('endpoint=');
  expect(await fresh.content()).not.toContain(canary);

  // Run runs what the form shows: the built-in model, no request to the recorded server.
  await script(request, []);
  const before = requests.length;
  await viewer.run();
  await expect(label).toHaveCount(0);
  await viewer.waitForOutcome('answered');
  expect(requests.slice(before).filter((u) => u.startsWith(SERVER))).toEqual([]);
  expect(await chats(request)).toHaveLength(0);
  await context.close();
});

test('the replay label keeps the page\'s language and goes with the next scenario', async ({ page }, testInfo) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:429&speed=instant');
  await pg.run();
  await pg.waitForOutcome('answered');
  const path = await pg.saveTrace(testInfo.outputPath('trace.json'));
  // Opened on a French page: the page keeps its language, in the address too.
  await pg.open('?v=1&faults=t2:429&speed=instant&lang=fr');
  await page.mouse.wheel(0, 1500);
  await page.getByTestId('import-trace').setInputFiles(path);
  await expect(page.getByTestId('replay-recorded')).toHaveText('Enregistrée avec le modèle intégré.');
  await expect(page.getByTestId('replay-label')).toContainText('Relecture d\'une trace enregistrée');
  expect(page.url()).toContain('lang=fr');
  await pg.waitForOutcome('answered');
  await expect(page.getByTestId('replay-label')).toBeVisible();
  // A lesson picked from the menu: a new scenario on the same page.
  await page.getByTestId('lessons').click();
  await page.getByTestId('lesson-bad-key').click();
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', 'bad-key');
  await expect(page.getByTestId('replay-label')).toHaveCount(0);
});
