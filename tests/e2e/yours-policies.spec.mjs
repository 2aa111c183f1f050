// Four wrong policies that once earned a perfect report card (issue 41), each pasted as a small
// loop of its own: a 1 s watchdog, fixed waits, one AbortController shared by every retry, and a
// Retry-After waited out whatever it asks. Each gets its verdict on the one case that shows it,
// and the exercise about it (watchdog, retry-503, retry-after) refuses it. The loops are written
// here, small, as a learner writes them: none is the page's own code.
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';

/**
 * A small agent loop. `policy` fills its model call: `signal(controller)` (the fetch's signal),
 * `wait(attempt)` (the backoff), `asked(ms)` (what it does with a Retry-After, in ms).
 */
function loop({ signal, wait, asked, before = '' }) {
  return `// A small loop, one policy changed.
${before}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function callModel(messages) {
  for (let attempt = 1; attempt <= 4; attempt++) {
    let res = null;
    try {
      res = await fetch(\`\${LLM.baseURL}/chat/completions\`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: \`Bearer \${LLM.apiKey}\` },
        body: JSON.stringify({ model: LLM.model, messages, tools: toolSchemas }),
        signal: ${signal},
      });
    } catch (e) {
      res = null;
    }
    if (res && res.ok) return (await res.json()).choices[0];
    if (res && res.status !== 429 && res.status < 500) throw new Error('refused: ' + res.status);
    if (attempt === 4) throw new Error('still failing after 4 tries');
    const ms = res && res.headers.get('retry-after-ms');
    if (ms !== null && ms !== undefined && ms !== '') await sleep(${asked('Number(ms)')});
    else await sleep(${wait('attempt')});
  }
}

async function runAgent(task) {
  const messages = [{ role: 'user', content: task }];
  let last = null;
  for (let turn = 0; turn < 10; turn++) {
    const choice = await callModel(messages);
    messages.push(choice.message);
    const calls = choice.message.tool_calls || [];
    if (calls.length === 0 && choice.finish_reason === 'length') throw new Error('the reply was cut short');
    if (calls.length === 0) return choice.message.content || '';
    const key = JSON.stringify(calls.map((c) => [c.function.name, c.function.arguments]));
    if (key === last) return 'The same call twice: over to you.';
    last = key;
    for (const call of calls) {
      let output;
      try {
        const tool = tools[call.function.name];
        if (!tool) throw new Error('no tool ' + call.function.name + '; the tools are look_at and use');
        output = await tool(JSON.parse(call.function.arguments || '{}'));
      } catch (err) {
        output = 'Error: ' + String(err.message).split('\\n')[0];
      }
      messages.push({ role: 'tool', tool_call_id: call.id, content: output });
    }
  }
  return 'No answer: over to you.';
}
`;
}

const GOOD = {
  signal: 'AbortSignal.timeout(15000)',
  wait: (a) => `Math.random() * 500 * 2 ** (${a} - 1)`,
  asked: (ms) => `Math.min(${ms}, 10000)`,
};

const POLICIES = [
  {
    name: 'a 1 s watchdog',
    code: loop({ ...GOOD, signal: 'AbortSignal.timeout(1000)' }),
    case: 'slow-always',
    verdict: 'watchdog-too-short',
    exercise: 'watchdog',
  },
  {
    name: 'fixed waits',
    code: loop({ ...GOOD, wait: (a) => `500 * 2 ** (${a} - 1)` }),
    case: '503-jitter',
    verdict: 'no-jitter',
    exercise: 'retry-503',
  },
  {
    name: 'a shared AbortController',
    // One controller for the whole run, fired by a watchdog timer that each call restarts;
    // every retry reuses it, fired or not.
    code: loop({
      ...GOOD,
      before: 'const controller = new AbortController();\nlet timer = null;',
      signal: '(clearTimeout(timer), timer = setTimeout(() => controller.abort(), 12000), controller.signal)',
    }),
    case: 'hang',
    verdict: 'spent-signal',
    exercise: 'watchdog',
  },
  {
    name: 'an unbounded Retry-After',
    code: loop({ ...GOOD, asked: (ms) => ms }),
    case: '429-hour',
    verdict: 'no-retry-after-ceiling',
    exercise: 'retry-after',
  },
];

test('the small loop with good policies earns a perfect card, and each policy changed gets its verdict', async ({ page }) => {
  test.setTimeout(300_000);
  const yours = new YoursView(page);
  await yours.goto();
  await yours.openFile('good.js', loop(GOOD));
  const good = await yours.grade();
  const failing = Object.entries(good).filter(([, r]) => !r.pass).map(([slug]) => slug);
  expect(failing, 'the good loop fails no case').toEqual([]);
  for (const p of POLICIES) {
    await yours.openFile(`${p.case}.js`, p.code);
    const card = await yours.grade();
    const wrong = Object.entries(card).filter(([, r]) => !r.pass).map(([slug]) => slug);
    expect(wrong, `${p.name}: only its case fails`).toEqual([p.case]);
    expect(card[p.case].verdicts, `${p.name}: said exactly, never beside "right layer"`).toEqual([p.verdict]);
    // A spent signal is said as such, not as "gave up".
    if (p.verdict === 'spent-signal') {
      await expect(page.locator(`[data-testid="yours-card-row"][data-case="${p.case}"] [data-verdict]`)).toContainText('spent signal');
    }
  }
});

test('the watchdog, retry-503 and retry-after exercises refuse those policies', async ({ page }) => {
  test.setTimeout(300_000);
  const yours = new YoursView(page);
  for (const p of POLICIES) {
    await yours.goto(`&exercise=${p.exercise}`);
    await yours.openFile(`${p.case}.js`, p.code);
    const r = await yours.check();
    expect(r.passed, `${p.exercise} must refuse ${p.name}`).toBe(false);
    await expect(page.getByTestId('exercise-why').locator(`li[data-case="${p.case}"]`)).toBeVisible();
  }
});
