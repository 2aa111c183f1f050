// Your own loop in Python (issue 42), in the page itself: the language follows what is pasted
// and travels in a link; the Python starting code earns a perfect card in each language; the
// reference texts' Python loop, pasted exactly as printed, shows its own habits; a loop with one
// bad habit fails exactly the matching cases; Python's first start is shown; and a browser
// without JSPI gets one sentence and a page that still works.
// The texts are read at run time from ../shared/seeds/ (beside the clone); nothing is copied.
import { existsSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';
import { SEEDS, seedLoop } from './seed-texts.mjs';
const TEXTS = [['en', '002_'], ['fr', '000_'], ['zh', '004_']];

/** The Python loop a reference text prints. */
const pythonLoopOf = (prefix) => seedLoop(prefix, 'Python', 'python');

function failing(card) {
  return Object.fromEntries(Object.entries(card).filter(([, row]) => !row.pass).map(([slug, row]) => [slug, row.verdicts]));
}

/** The report card, given the time Python takes on a busy machine. */
async function gradePython(yours) {
  const cases = await yours.caseCount();
  await yours.cardButton.click();
  await expect(yours.rows).toHaveCount(cases, { timeout: 240_000 });
  await expect(yours.cardButton).toBeEnabled({ timeout: 60_000 });
  return yours.card();
}

/** Chooses Python beside the editor, and waits for the Python starting code. */
async function choosePython(page, yours) {
  await page.getByTestId('yours-lang').selectOption('py');
  await expect.poll(() => page.evaluate(() => document.querySelector('[data-testid="code-pane"]').dataset.codeLang)).toBe('py');
  await expect.poll(() => yours.chars()).toBeGreaterThan(1000);
}

for (const lang of ['en', 'fr', 'zh']) {
  test(`the Python starting code earns a perfect report card in ${lang}`, async ({ page }) => {
    test.setTimeout(300_000);
    const yours = new YoursView(page);
    await yours.goto(`&lang=${lang}`);
    await choosePython(page, yours);
    const card = await gradePython(yours);
    expect(failing(card), `the card in ${lang}`).toEqual({});
    await expect(yours.summary).toBeVisible();
    await expect(page.getByTestId('yours-own-tools')).toHaveCount(0);
  });
}

for (const [lang, prefix] of TEXTS) {
  test(`the ${lang} reference text's Python loop, pasted unedited, shows exactly its habits`, async ({ page }) => {
    test.skip(!existsSync(SEEDS), 'the reference texts are not beside this checkout');
    test.setTimeout(300_000);
    const yours = new YoursView(page);
    await yours.goto(`&lang=${lang}`);
    await yours.openFile('agent.py', pythonLoopOf(prefix));
    // Read as Python from what was pasted, with no choice made.
    await expect(page.getByTestId('yours-lang')).toHaveValue('py');
    const card = await gradePython(yours);
    const failed = failing(card);
    // Its real habits, and nothing the page's world caused.
    expect(failed, `the card in ${lang}`).toEqual(SEED_PY_HABITS);
  });
}

/** What the reference texts' Python loop gets wrong, as its card says it. */
const SEED_PY_HABITS = {
  429: ['ignored-retry-after'],
  '429-hour': ['ignored-retry-after'],
  hang: ['waited-forever'],
  stopcalls: ['dropped-tool-calls'],
  length: ['took-cut-reply'],
  tooltimeout: ['needs-page-tools'],
};

test('a pasted Python loop is read as Python, and a copied link brings it back as Python', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const yours = new YoursView(page);
  await yours.goto();
  await expect(page.getByTestId('yours-lang')).toHaveValue('js');
  const code = 'import json\n\ndef run_agent(task):\n    print("hello from Python")\n    return "done"\n';
  await yours.openFile('mine.py', code);
  await expect(page.getByTestId('yours-lang')).toHaveValue('py');
  // What the page gives the code is said in Python's names.
  await page.getByTestId('yours-provides').locator('summary').click();
  await expect(page.getByTestId('yours-provides')).toContainText('run_agent(task)');
  await expect(page.getByTestId('yours-provides')).toContainText('urllib.request.urlopen');
  await page.getByTestId('yours-copy-link').click();
  await expect(page.getByTestId('yours-link-said')).not.toBeEmpty();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('code=');
  // Python code is read as Python without being told.
  expect(link).not.toContain('code-lang=');
  await page.goto(link);
  await expect(page.getByTestId('yours-lang')).toHaveValue('py');
  await expect.poll(() => yours.chars()).toBe([...code].length);
  // It runs: print goes to the log, and the answer ends the run.
  await yours.run.click();
  await expect(page.getByTestId('yours-console')).toContainText('hello from Python', { timeout: 120_000 });
});

test('JavaScript code set to run as Python keeps that choice in its link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const yours = new YoursView(page);
  await yours.goto();
  const code = 'x = 1\n';
  await yours.openFile('odd.txt', code);
  await expect(page.getByTestId('yours-lang')).toHaveValue('js');
  await page.getByTestId('yours-lang').selectOption('py');
  // The learner's own code stays.
  await expect.poll(() => yours.chars()).toBe([...code].length);
  await page.getByTestId('yours-copy-link').click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('code-lang=py');
  await page.goto(link);
  await expect(page.getByTestId('yours-lang')).toHaveValue('py');
});

test("Python's first start is shown: its files coming, with their size, then Python starting", async ({ page }) => {
  test.setTimeout(180_000);
  // A slow line: the wasm comes after a pause, so the bar is on screen long enough to read.
  await page.route('**/python/pyodide.asm.wasm', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  const yours = new YoursView(page);
  await yours.goto();
  await choosePython(page, yours);
  await yours.run.click();
  const start = page.getByTestId('yours-python-start');
  await expect(start).toBeVisible({ timeout: 30_000 });
  await expect(start.locator('progress')).toHaveCount(1);
  expect(await yours.seriousViolations()).toEqual([]);
  await expect(start).toContainText('Python');
  // Then it goes, and the run plays in the scene.
  await expect(start).toHaveCount(0, { timeout: 120_000 });
  await expect(yours.run).toBeVisible({ timeout: 120_000 });
});

test('a browser without JSPI is told which browsers run Python, and JavaScript still runs', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => { delete WebAssembly.Suspending; });
  const python = [];
  page.on('request', (r) => { if (r.url().includes('/python/')) python.push(r.url()); });
  const yours = new YoursView(page);
  await yours.goto('&lang=fr');
  await choosePython(page, yours);
  const note = page.getByTestId('yours-no-python');
  await expect(note).toBeVisible();
  await expect(note).toContainText('JSPI');
  await expect(note).toContainText('JavaScript');
  // The choice and the note are read like the rest of the view.
  expect(await yours.seriousViolations()).toEqual([]);
  await yours.run.click();
  await expect(yours.status).toContainText('JSPI');
  await expect(yours.run).toBeEnabled();
  // Nothing of Python was fetched, and JavaScript runs.
  expect(python).toEqual([]);
  await page.getByTestId('yours-lang').selectOption('js');
  await expect(note).toHaveCount(0);
  await yours.run.click();
  await expect(page.getByTestId('outcome')).toBeVisible({ timeout: 60_000 });
});

test("a Python mistake is said at the learner's line, in Python's names", async ({ page }) => {
  test.setTimeout(180_000);
  const yours = new YoursView(page);
  await yours.goto();
  // A bug on line 4: the traceback's innermost line of the learner's code, never the page's.
  await yours.openFile('bug.py', 'import json\n\ndef run_agent(task):\n    return undefined_name + task\n');
  await expect(page.getByTestId('yours-lang')).toHaveValue('py');
  await yours.run.click();
  await expect(yours.status).toHaveAttribute('data-problem', 'bug', { timeout: 120_000 });
  await expect(yours.status).toHaveAttribute('data-line', '4');
  await expect(yours.status).toContainText('NameError');
  await expect(yours.pane).toHaveAttribute('data-problem-line', '4');
  // A package: what to write instead is Python's urllib, not JavaScript's fetch.
  await yours.openFile('pkg.py', 'import openai\n\ndef run_agent(task):\n    return "x"\n');
  await yours.run.click();
  await expect(yours.status).toHaveAttribute('data-problem', 'package', { timeout: 120_000 });
  await expect(yours.status).toContainText('urllib.request');
  await expect(yours.status).not.toContainText('fetch(');
  // No run_agent: the functions found are named, with Python's name to give one.
  await yours.openFile('none.py', 'import json\n\ndef main(task):\n    return "x"\n');
  await yours.run.click();
  await expect(yours.status).toHaveAttribute('data-problem', 'no-agent', { timeout: 120_000 });
  await expect(yours.status).toContainText('run_agent');
  await expect(yours.status).toContainText('main');
});
