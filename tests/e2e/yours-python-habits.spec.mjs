// A Python loop with one bad habit at a time fails exactly the matching cases (issue 42): the
// English Python starting code (tests/e2e/loops/robust-en.py, kept current by a native test),
// each time with one small, exact change, graded on one page one after the other. Each change
// must have happened; each card must fail exactly the habit's cases, each with its verdict.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';

const ROBUST = readFileSync(new URL('loops/robust-en.py', import.meta.url), 'utf8');

/** `ROBUST` with `from` (which must be there, once) replaced by `to`. */
function withHabit(name, from, to) {
  const at = ROBUST.indexOf(from);
  if (at < 0 || ROBUST.indexOf(from, at + 1) >= 0) throw new Error(`${name}: its text is not in robust-en.py exactly once (is it current?)`);
  const code = ROBUST.replace(from, () => to);
  if (code === ROBUST) throw new Error(`${name}: nothing changed`);
  return code;
}

const TOOL_CALL = `    try:
        return tool(**args), False
    except Exception as err:
        logging.warning("%s: %s", name, err, exc_info=True)
        sentence = (str(err) or type(err).__name__).splitlines()[0]
        return f"Error: {sentence}", True
`;

// The cases that end before any tool is called: a 400 or a 401 (rightly raised) and a reply cut
// at the token limit (rightly refused). Every other case, the plain run included, meets a tool
// error at least once (the adventure's own tools fail now and then: see naive.js's card in
// yours.spec.mjs), so a habit about tool errors shows on all of them.
const NO_TOOL_CALL = ['400', '401', 'length'];
// The server's failures that pass by themselves: 429-hour is not among them (giving up on an
// hour's Retry-After is right), nor slow and slow-always (an answer the 15 s watchdog waits for).
const PASSING_BY_THEMSELVES = ['429', '500', '502', '503', '503-jitter', 'drop', 'hang'];

/** `{ case: [verdict] }` for each of `cases`. */
const each = (cases, verdict) => Object.fromEntries(cases.map((c) => [c, [verdict]]));

/** The habits, each with the cases it must fail, given every case of the card (`all`). */
const HABITS = [
  {
    name: 'no retry: a failed call raises at once',
    code: withHabit('no retry', '        passes = http_error is None or status in (408, 429) or status >= 500\n', '        passes = False\n'),
    fails: () => each(PASSING_BY_THEMSELVES, 'no-retry'),
  },
  {
    name: 'retries a 400: every status passes',
    code: withHabit('retries a 400', '        passes = http_error is None or status in (408, 429) or status >= 500\n', '        passes = True\n'),
    fails: () => each(['400', '401'], 'retried-permanent'),
  },
  {
    name: 'lets a tool error escape: no try/except around the tool call',
    code: withHabit('tool error escapes', TOOL_CALL, '    return tool(**args), False\n'),
    // Where a bad call was first sent back cleanly (broken JSON, an unknown tool: handled before
    // the tool is called), the run is still lost on a later tool error, but the card says
    // `not-handled`: `lost-run-on-tool-error` is kept for a run where no tool error ever reached
    // the model (engine/src/yours/card.rs). The same as in JavaScript.
    fails: (all) => ({
      ...each(all.filter((c) => !NO_TOOL_CALL.includes(c)), 'lost-run-on-tool-error'),
      ...each(['badjson', 'unknowntool'], 'not-handled'),
    }),
  },
  {
    name: 'leaks a traceback to the model: traceback.format_exc() as the tool result',
    code: withHabit('traceback leak', '        return f"Error: {sentence}", True\n',
      '        import traceback\n\n        return traceback.format_exc(), True\n'),
    fails: (all) => each(all.filter((c) => !NO_TOOL_CALL.includes(c)), 'leaked-to-model'),
  },
  {
    name: 'retries a lost tool reply: the tool is called again when it raises',
    code: withHabit('tool retried', '    try:\n        return tool(**args), False\n    except Exception as err:\n',
      '    try:\n        return tool(**args), False\n    except Exception:\n        pass\n    try:\n        return tool(**args), False\n    except Exception as err:\n'),
    // A tool that failed outright fails again and goes back as before: only the lost reply shows it.
    fails: () => each(['tooltimeout'], 'retried-unsafe-tool'),
  },
];

/** The failing rows: `{ case: [verdict slugs] }`. */
function failing(card) {
  return Object.fromEntries(Object.entries(card).filter(([, row]) => !row.pass).map(([slug, row]) => [slug, row.verdicts]));
}

/** The report card, given the time Python takes on a busy machine; never a card left from before. */
async function gradePython(yours) {
  const cases = await yours.caseCount();
  await yours.cardButton.click();
  await expect(yours.rows).not.toHaveCount(cases, { timeout: 10_000 });
  await expect(yours.rows).toHaveCount(cases, { timeout: 240_000 });
  await expect(yours.cardButton).toBeEnabled({ timeout: 60_000 });
  return yours.card();
}

test('a Python loop with one bad habit at a time fails exactly the matching cases', async ({ page }) => {
  test.setTimeout(60_000 + HABITS.length * 120_000);
  const yours = new YoursView(page);
  await yours.goto();
  const all = await yours.caseSelect.locator('option').evaluateAll((os) => os.map((o) => o.value));
  expect(all).toEqual(expect.arrayContaining([...NO_TOOL_CALL, ...PASSING_BY_THEMSELVES, 'plain', 'badjson', 'unknowntool', 'tooltimeout']));
  for (const [i, habit] of HABITS.entries()) {
    await yours.openFile(`habit-${i}.py`, habit.code);
    await expect(page.getByTestId('yours-lang'), `${habit.name}: read as Python`).toHaveValue('py');
    const card = await gradePython(yours);
    expect.soft(failing(card), habit.name).toEqual(habit.fails(all));
  }
});
