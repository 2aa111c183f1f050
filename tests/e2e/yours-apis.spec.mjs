// Any model API, any tool set (issue 51): loops written as people publish them, each with its own
// tools and its own API, pasted as a file. The page's server answers each in its own dialect
// (the Responses API, Anthropic Messages), the built-in model runs an errand with the loop's own
// tools, and the card grades each loop by its habits: one that parses arguments without a guard
// fails exactly the broken-JSON row; one that sends errors back as `is_error` results passes it.
import { test, expect } from './fixtures.mjs';
import { readFileSync } from 'node:fs';
import { YoursView } from './yours.page.mjs';

// The loops, each a file in tests/e2e/loops/, written for this test in the styles people publish:
// - responses-agent.js: the Responses API with fetch, its own calculator and file reader, the
//   conversation kept on the server (previous_response_id), retries with backoff and jitter, and
//   JSON.parse with no guard;
// - messages-agent.js: Anthropic Messages with fetch; tool errors, and a tool it does not know, go
//   back as is_error results; every input is checked before it is used;
// - messages-agent.py: Anthropic Messages with urllib, reading files from its working folder; no
//   guard around its tools, no jitter, and only HTTPError caught;
// - react-agent.js: a ReAct text protocol, no tools in the request.
const loop = (name) => readFileSync(new URL(`./loops/${name}`, import.meta.url), 'utf8');

/** Presses Report card and waits until the card has said all it will. */
async function gradeToEnd(yours) {
  await yours.cardButton.click();
  await expect(yours.cardButton).toBeEnabled({ timeout: 150_000 });
  await expect(yours.status).not.toHaveText(/\d+ (of|sur|\/) \d+/, { timeout: 150_000 });
}

/** Whether a row passed, and its verdict slugs, as the page object reads the card. */
const rowOf = async (yours, slug) => (await yours.card())[slug];

test('a Responses API loop with its own tools reaches the model and fails only where its habits fail', async ({ page }) => {
  test.setTimeout(240_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('agent.js', loop('responses-agent.js'));
  await gradeToEnd(yours);
  await expect(page.getByTestId('yours-card-nothing-ran')).toHaveCount(0);
  expect(await rowOf(yours, 'plain')).toMatchObject({ pass: true });
  expect(await rowOf(yours, '503')).toMatchObject({ pass: true });
  expect(await rowOf(yours, 'drop')).toMatchObject({ pass: true });
  // JSON.parse(call.arguments) outside its try: broken arguments end the run.
  const badjson = await rowOf(yours, 'badjson');
  expect(badjson.pass).toBe(false);
  expect(badjson.verdicts).not.toContain('right-layer');
  // An unknown tool is answered in words the model can act on.
  expect(await rowOf(yours, 'unknowntool')).toMatchObject({ pass: true });
});

test('an Anthropic Messages loop with its own tools reaches the model, and is_error results pass the model rows', async ({ page }) => {
  test.setTimeout(240_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('claude_agent.js', loop('messages-agent.js'));
  await gradeToEnd(yours);
  await expect(page.getByTestId('yours-card-nothing-ran')).toHaveCount(0);
  for (const slug of ['plain', '429', '503', 'badjson', 'unknowntool', 'badargs', 'missingarg']) {
    expect({ slug, ...(await rowOf(yours, slug)) }).toMatchObject({ slug, pass: true });
  }
  // A 401 is nobody's: it ends the run with the server's words, not retried.
  const auth = await rowOf(yours, '401');
  expect(auth.verdicts).not.toContain('retried-permanent');
});

test('a ReAct loop that sends no tools is told once, plainly, that the model works through tools', async ({ page }) => {
  test.setTimeout(120_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('react.js', loop('react-agent.js'));
  await yours.run.click();
  await expect(yours.run).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByTestId('yours-console')).toContainText(/tools/i, { timeout: 60_000 });
});

test('a Python Messages loop with no guard around its tools fails the rows its habits fail, and only those', async ({ page }) => {
  test.setTimeout(300_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('claude_agent.py', loop('messages-agent.py'));
  await gradeToEnd(yours);
  await expect(page.getByTestId('yours-card-nothing-ran')).toHaveCount(0);
  for (const slug of ['plain', '500', '503']) {
    expect({ slug, ...(await rowOf(yours, slug)) }).toMatchObject({ slug, pass: true });
  }
  // It catches HTTPError only: a lost connection is a URLError, and ends the run.
  const drop = await rowOf(yours, 'drop');
  expect(drop.pass).toBe(false);
  expect(drop.verdicts).toContain('no-retry');
  // Its tools run unguarded: an invented tool name ends the run.
  expect(await rowOf(yours, 'unknowntool')).toMatchObject({ pass: false });
  // Its waits are 2, 4, 8 s at every seed: the same failure is waited for the same way twice.
  expect((await rowOf(yours, '503-jitter')).verdicts).toContain('no-jitter');
});
