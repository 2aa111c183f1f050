// Your own loop (issue 40, part 5): every mistake a learner makes in the code itself gets a
// message at its line, in the page's language. A syntax error is marked in the editor's gutter
// and Run, Report card and Check my code all say it at once; a runtime error names its line; no
// runAgent says what the page looks for and which functions it found (and is never "answered");
// an import of a package says the page gives fetch and the tools, and how to call the server;
// process.env is answered (issue 51), and the line under the editor says so.
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';

/** The editor's line (1-based) that carries the mistake's mark, or null. */
function markedLine(page) {
  return page.locator('[data-testid="code-pane"] .cm-content').evaluate((content) => {
    const lines = [...content.querySelectorAll('.cm-line')];
    const i = lines.findIndex((l) => l.classList.contains('cm-mistake-line'));
    return i < 0 ? null : i + 1;
  });
}

/** The mark is at `line`: the line tinted and one sign in the mistake gutter, level with it. */
async function expectMarkAt(page, line) {
  await expect.poll(() => markedLine(page)).toBe(line);
  const sign = page.locator('[data-testid="code-pane"] .cm-mistake-gutter .cm-mistake-sign');
  await expect(sign).toHaveCount(1);
  const [signBox, lineBox] = await Promise.all([
    sign.boundingBox(),
    page.locator('[data-testid="code-pane"] .cm-content .cm-line').nth(line - 1).boundingBox(),
  ]);
  expect(Math.abs(signBox.y + signBox.height / 2 - (lineBox.y + Math.min(lineBox.height, 30) / 2))).toBeLessThan(16);
}

async function expectNoMark(page) {
  await expect(page.locator('[data-testid="code-pane"] .cm-mistake-sign')).toHaveCount(0);
  expect(await markedLine(page)).toBeNull();
}

/** Presses Run and waits for the run to be over (the Run button back). */
async function runOnce(yours) {
  await yours.run.click();
  await expect(yours.run).toBeVisible({ timeout: 30_000 });
}

const BROKEN = [
  '// a loop with a typo',
  'async function runAgent(task: string) {',
  '  const messages = [{ role: "user", content: task }',
  '  return messages;',
  '}',
  '',
].join('\n');

test('a syntax error is marked at its line, and Run, Report card and Check my code say it at once', async ({ page }) => {
  const yours = new YoursView(page);
  await yours.goto('&lang=en');
  await yours.openFile('broken.ts', BROKEN);
  await yours.run.click();
  await expect(yours.status).toHaveAttribute('data-problem', 'syntax', { timeout: 10_000 });
  await expect(yours.status).toContainText('could not be read at line 4');
  await expect(yours.status).toHaveAttribute('data-line', '4');
  await expectMarkAt(page, 4);

  // Report card: the card says it, never "Nothing has run yet", and no row appears.
  await yours.cardButton.click();
  const cardProblem = page.getByTestId('yours-card-problem');
  await expect(cardProblem).toBeVisible({ timeout: 5_000 });
  await expect(cardProblem).toContainText('line 4');
  await expect(page.getByTestId('yours-not-run')).toBeHidden();
  await expect(yours.rows).toHaveCount(0);
  await expect(yours.cardButton).toBeEnabled();
  await expectMarkAt(page, 4);

  // An edit takes the mark and the sentence away: they were about the old text.
  await yours.openFile('fixed.ts', BROKEN.replace('task }', 'task }]'));
  await expectNoMark(page);
  await expect(cardProblem).toBeHidden();
  await expect(yours.status).not.toHaveAttribute('data-problem', /.+/);

  // Check my code, in an exercise, in French: the result says it at once, at its line.
  await yours.goto('&exercise=watchdog&lang=fr');
  await yours.openFile('broken.ts', BROKEN);
  await expect(page.getByTestId('exercise-check')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('exercise-check').click();
  const checked = page.getByTestId('exercise-problem');
  await expect(checked).toBeVisible({ timeout: 5_000 });
  await expect(checked).toContainText('ligne 4');
  await expect(checked).toHaveAttribute('data-problem', 'syntax');
  await expect(page.getByTestId('exercise-check')).toBeEnabled();
  await expectMarkAt(page, 4);
});

test('a runtime error names its line in the learner’s code, marked in the editor, in each language', async ({ page }) => {
  const code = [
    'async function runAgent(task) {',
    '  const res = await fetch(`${LLM.baseURL}/chat/completions`, {',
    '    method: "POST", headers: { "Content-Type": "application/json" },',
    '    body: JSON.stringify({ model: LLM.model, messages: [{ role: "user", content: task }], tools: toolSchemas }),',
    '  });',
    '  const data = await res.json();',
    '  return data.choices[0].messages.content;',
    '}',
  ].join('\n');
  const said = { en: 'Line 7: TypeError', fr: 'Ligne 7\u00a0: TypeError', zh: '第 7 行：TypeError' };
  for (const lang of ['en', 'fr', 'zh']) {
    const yours = new YoursView(page);
    await yours.goto(`&lang=${lang}`);
    await yours.openFile('typo.js', code);
    await runOnce(yours);
    await expect(yours.status).toHaveAttribute('data-problem', 'bug');
    await expect(yours.status).toHaveAttribute('data-line', '7');
    await expect(yours.status).toContainText(said[lang]);
    await expectMarkAt(page, 7);
  }
});

test('no runAgent: the page says what it looks for and names the functions it found, never “answered”, and grades nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const code = [
    'async function callModel(messages) {',
    '  return fetch(`${LLM.baseURL}/chat/completions`, { method: "POST", body: JSON.stringify({ model: LLM.model, messages }) });',
    '}',
    'const agentLoop = async (task: string) => {',
    '  return callModel([{ role: "user", content: task }]);',
    '};',
  ].join('\n');
  const yours = new YoursView(page);
  await yours.goto('&lang=en');
  await yours.openFile('agent-loop.ts', code);
  await runOnce(yours);
  await expect(yours.status).toHaveAttribute('data-problem', 'no-agent');
  await expect(yours.status).toContainText('a function named runAgent');
  await expect(yours.status).toContainText('callModel, agentLoop');
  await expect(page.getByTestId('outcome')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('outcome')).not.toHaveAttribute('data-outcome', 'answered');
  // Nothing reached the model, so the card grades nothing: no row, and why, said above it.
  await yours.cardButton.click();
  await expect(page.getByTestId('yours-card-nothing-ran')).toBeVisible({ timeout: 60_000 });
  await expect(yours.cardButton).toBeEnabled({ timeout: 60_000 });
  await expect(yours.rows).toHaveCount(0);
  await expect(page.getByTestId('yours-card-problem')).toContainText('agentLoop');

  await yours.goto('&lang=zh');
  await yours.openFile('agent-loop.ts', code);
  await runOnce(yours);
  await expect(yours.status).toContainText('runAgent(task)');
  await expect(yours.status).toContainText('callModel、agentLoop');
  await expect(yours.status).toContainText('什么也没有运行');
});

test('an import of a package says the page gives fetch and the tools, and how to call the server, at the import’s line', async ({ page }) => {
  const code = [
    '// my loop, from the OpenAI docs',
    "import OpenAI from 'openai';",
    'const client = new OpenAI();',
    'export async function runAgent(task: string) {',
    '  const r = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: task }] });',
    '  return r.choices[0].message.content;',
    '}',
  ].join('\n');
  for (const [lang, words] of [['en', ['Line 2:', 'no packages', '“openai”', 'look_at']], ['fr', ['Ligne 2\u00a0:', 'aucun paquet', 'openai', 'look_at']]]) {
    const yours = new YoursView(page);
    await yours.goto(`&lang=${lang}`);
    await yours.openFile('openai.ts', code);
    await runOnce(yours);
    await expect(yours.status).toHaveAttribute('data-problem', 'package');
    for (const w of [...words, 'fetch(`${LLM.baseURL}/chat/completions`', 'LLM.apiKey']) await expect(yours.status).toContainText(w);
    // It names what the learner wrote, never the stripper's `require`.
    await expect(yours.status).not.toContainText('require');
    await expectMarkAt(page, 2);
  }
});

test('process.env is no mistake: it is answered, and the line under the editor names what the code read', async ({ page }) => {
  const code = [
    'async function runAgent(task) {',
    '  const url = "https://api.openai.com/v1/chat/completions";',
    '  const headers = {',
    '    Authorization: `Bearer ${process.env.OPENAI_API_KEY}`,',
    '  };',
    '  return (await fetch(url, { method: "POST", headers })).status;',
    '}',
  ].join('\n');
  for (const [lang, said] of [['en', 'Your code read OPENAI_API_KEY from its environment'], ['zh', '你的代码从环境变量读取了 OPENAI_API_KEY']]) {
    const yours = new YoursView(page);
    await yours.goto(`&lang=${lang}`);
    await yours.openFile('env.js', code);
    await runOnce(yours);
    await expect(page.getByTestId('yours-env-read')).toContainText(said, { timeout: 30_000 });
    await expect(yours.status).not.toHaveAttribute('data-problem', /.+/);
    await expectNoMark(page);
  }
});
