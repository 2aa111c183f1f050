// The ten exercises can be done in Python (issue 42): each opens with `code-lang=py` on the
// Python loop with its gap (`def run_agent`, a `✎` comment), "Check my code" on that starting
// code fails, and the Python robust loop (tests/e2e/loops/robust-en.py, the gap's region put
// back) passes. Judged by behaviour, as in JavaScript (exercises.spec.mjs); several exercises
// share a test and a page, as each Python check takes a while.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';
import { exercises } from './exercises/solutions.mjs';

const ROBUST_PY = readFileSync(new URL('loops/robust-en.py', import.meta.url), 'utf8');
const SLUGS = Object.keys(exercises);

/** The code in the editor, as "Save as file" gives it. */
async function savedCode(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('yours-save').click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(file, 'utf8') };
}

const GROUPS = [SLUGS.slice(0, 3), SLUGS.slice(3, 6), SLUGS.slice(6, 8), SLUGS.slice(8)];

test('there are ten exercises, in four groups here', () => {
  expect(SLUGS).toHaveLength(10);
  expect(GROUPS.flat()).toEqual(SLUGS);
});

for (const group of GROUPS) {
  test(`in Python: ${group.join(', ')}: the starting code has the gap and fails, the robust loop passes`, async ({ page }) => {
    test.setTimeout(group.length * 150_000);
    const yours = new YoursView(page);
    for (const slug of group) {
      await test.step(slug, async () => {
        await yours.goto(`&exercise=${slug}&code-lang=py`);
        await expect(page.getByTestId('exercise-panel')).toHaveAttribute('data-exercise', slug);
        await expect(page.getByTestId('yours-lang'), `${slug}: Python is chosen`).toHaveValue('py');
        await expect(yours.pane).toHaveAttribute('data-code-lang', 'py');
        // The Python gap is on screen: the loop in Python, one line under a ✎ comment.
        const start = await savedCode(page);
        expect(start.text, `${slug}: the Python loop`).toContain('def run_agent(task):');
        expect(start.text, `${slug}: the gap's comment`).toMatch(/^ *# ✎/m);
        expect(start.text, `${slug}: not the robust loop`).not.toEqual(ROBUST_PY);
        expect(start.text, `${slug}: no JavaScript`).not.toContain('async function');
        const first = await yours.check();
        expect(first.passed, `${slug}: the Python starting code must fail (${JSON.stringify(first)})`).toBe(false);
        // ...by what it does: the code reads as Python and has its run_agent, and a case or the
        // check says why. (A run-time mistake may be said beside it: see the last test.)
        const problem = await page.getByTestId('exercise-problem').evaluateAll((ps) => ps.map((p) => p.dataset.problem));
        expect(problem.filter((p) => p !== 'bug'), `${slug}: the starting code parses and runs`).toEqual([]);
        const failed = await yours.card().then((card) => Object.values(card).filter((r) => !r.pass));
        expect(failed.length > 0 || first.checkPassed === 'false', `${slug}: a case or the check says why`).toBe(true);
        await yours.openFile('robust.py', ROBUST_PY);
        await expect(page.getByTestId('yours-lang')).toHaveValue('py');
        const robust = await yours.check();
        expect(robust.passed, `${slug}: the Python robust loop must pass (${JSON.stringify(robust)})`).toBe(true);
      });
    }
  });
}

// In Python the page's tools are functions with required parameters (`use(item, target)`), so the
// missing-argument case (`{"item": "key"}`) raises Python's own TypeError before the page's tool
// runs, and a loop that lets it escape is told its code has a mistake ("TypeError: use() missing
// 1 required positional argument ... a mistake in the code itself, not a failure the page
// played"), where in JavaScript the tool rejects with its own sentence and no mistake is said.
test('in Python, a tool error the page played is not said to be a mistake in the code', async ({ page }) => {
  test.setTimeout(120_000);
  const yours = new YoursView(page);
  await yours.goto('&exercise=tool-error-back&code-lang=py');
  await expect(page.getByTestId('yours-lang')).toHaveValue('py');
  const r = await yours.check();
  expect(r.passed).toBe(false);
  const card = await yours.card();
  expect(card.missingarg.verdicts).toEqual(['lost-run-on-tool-error']);
  await expect(page.getByTestId('exercise-problem')).toHaveCount(0);
});
