// The same card every time (issue 55): while other work keeps both cores busy, the same loop
// graded again and again gets the same rows. A busy machine used to show as a crashed sandbox
// ("could not start (0 requests)") or as a loop that never gave control back; the sandbox's
// watchdog now discounts what the machine held up, and a run the page failed is run again alone.
// The busy work is two child processes spinning for at most 4 minutes, killed when the file is
// done. Nothing here depends on how fast the machine is: only on what the rows say.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';

const LOOPS = {
  python: readFileSync(new URL('./loops/robust-en.py', import.meta.url), 'utf8'),
  javascript: readFileSync(new URL('./loops/robust-en.js', import.meta.url), 'utf8'),
};
const CARDS = 3;
const BURNERS = 2;

let burners = [];
test.beforeAll(() => {
  // Each spins on its own core until it is killed, or for 4 minutes at most.
  burners = Array.from({ length: BURNERS }, () => spawn(process.execPath,
    ['-e', 'const end = Date.now() + 240000; let x = 0; while (Date.now() < end) x++;'], { stdio: 'ignore' }));
});
test.afterAll(() => {
  for (const b of burners) b.kill('SIGKILL');
  burners = [];
});

/** The card as one line per row: case, pass, and its verdicts' slugs. */
async function rows(yours) {
  return yours.rows.evaluateAll((rs) => rs.map((r) => `${r.dataset.case} ${r.dataset.pass} ${[...r.querySelectorAll('[data-verdict]')].map((v) => v.dataset.verdict).join(',')}`));
}

for (const [language, code] of Object.entries(LOOPS)) {
  test(`the robust ${language} loop gets the same card ${CARDS} times while both cores are busy`, async ({ page }) => {
    test.setTimeout(150_000);
    const yours = new YoursView(page);
    await yours.goto();
    await yours.openFile(language === 'python' ? 'agent.py' : 'agent.js', code);
    await expect(page.getByTestId('yours-lang')).toHaveValue(language === 'python' ? 'py' : 'js');
    const cases = await yours.caseCount();
    const cards = [];
    for (let i = 0; i < CARDS; i++) {
      await yours.cardButton.click();
      await expect(yours.rows).toHaveCount(cases, { timeout: 120_000 });
      await expect(yours.cardButton).toBeEnabled({ timeout: 120_000 });
      cards.push(await rows(yours));
    }
    // No row is the page's own failure, and every card says the same of every case.
    expect(cards[0].filter((r) => r.includes('page-could-not-run')), 'rows the page could not run').toEqual([]);
    for (let i = 1; i < CARDS; i++) expect(cards[i], `card ${i + 1} against card 1`).toEqual(cards[0]);
  });
}
