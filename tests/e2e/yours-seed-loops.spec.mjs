// The reference texts' own TypeScript loops (issue 40), pasted exactly as printed: each brings its
// own room and `use` and leaves `toolSchemas` a placeholder, so the page says once, under the
// editor, that it runs its own tools and that the page's stood in for the rest; and its card shows
// exactly its four habits, with the one case that needs the page's tools left out of the count.
// The texts are read at run time from ../shared/seeds/ (beside the clone); nothing is copied.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';

const SEEDS = fileURLToPath(new URL('../../../shared/seeds/', import.meta.url));
// The text of each language: 002_ is English, 000_ French, 004_ Chinese.
const TEXTS = [['en', '002_'], ['fr', '000_'], ['zh', '004_']];

/** The TypeScript loop the text prints: the first `ts` block after its "**TypeScript**" line. */
function loopOf(prefix) {
  const file = readdirSync(SEEDS).find((f) => f.startsWith(prefix));
  const text = readFileSync(`${SEEDS}${file}`, 'utf8');
  return text.split('**TypeScript**')[1].split('```ts')[1].split('```')[0].replace(/^\n/, '');
}

function failing(card) {
  return Object.fromEntries(Object.entries(card).filter(([, row]) => !row.pass).map(([slug, row]) => [slug, row.verdicts]));
}

for (const [lang, prefix] of TEXTS) {
  test(`the ${lang} reference text's own TypeScript loop, pasted unedited, shows exactly its habits`, async ({ page }) => {
    test.skip(!existsSync(SEEDS), 'the reference texts are not beside this checkout');
    test.setTimeout(180_000);
    const yours = new YoursView(page);
    await yours.goto(`&lang=${lang}`);
    await yours.openFile('agent.ts', loopOf(prefix));
    const card = await yours.grade();
    expect(failing(card), `the card in ${lang}`).toEqual({
      // It answered, sooner than asked: said alone, never beside "right layer" (issue 41).
      429: ['ignored-retry-after'],
      '429-hour': ['ignored-retry-after'],
      hang: ['waited-forever'],
      stopcalls: ['dropped-tool-calls'],
      length: ['took-cut-reply'],
      tooltimeout: ['needs-page-tools'],
    });
    // The case that needs the page's tools counts neither way, and the summary says so.
    const left = page.locator('[data-testid="yours-card-row"][data-left-out="true"]');
    await expect(left).toHaveCount(1);
    await expect(left).toHaveAttribute('data-case', 'tooltimeout');
    await expect(left).not.toHaveClass(/\bfail\b/);
    // Passed: every case but the five above and the one left out; counted: all but that one.
    const cases = await yours.caseCount();
    await expect(yours.summary).toContainText(new RegExp(`\\b${cases - 6}\\b`));
    await expect(yours.summary).toContainText(new RegExp(`\\b${cases - 1}\\b`));
    // Said once, under the editor: its own use, the page's look_at, the empty schemas.
    const note = page.getByTestId('yours-own-tools');
    await expect(note).toHaveCount(1);
    await expect(note).toContainText('use');
    await expect(note).toContainText('look_at');
    await expect(note).toContainText('toolSchemas');
  });
}

test('the starting code, written for the page, gets no line about tools', async ({ page }) => {
  test.setTimeout(120_000);
  const yours = new YoursView(page);
  await yours.goto();
  const card = await yours.grade();
  expect(failing(card)).toEqual({});
  await expect(page.locator('[data-testid="yours-card-row"][data-left-out="true"]')).toHaveCount(0);
  await expect(page.getByTestId('yours-own-tools')).toHaveCount(0);
});
