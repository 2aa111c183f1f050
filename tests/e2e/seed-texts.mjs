// The reference texts, read at run time from ../shared/seeds/ beside the checkout (CI has them
// there); nothing of them is copied into the project. Specs skip when they are not there.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SEEDS = fileURLToPath(new URL('../../../shared/seeds/', import.meta.url));

/** The loop a reference text prints, exactly: the first ```` ```fence ```` block after its
 * `**heading**` line (`'TypeScript', 'ts'` or `'Python', 'python'`). */
export function seedLoop(prefix, heading, fence) {
  const file = readdirSync(SEEDS).find((f) => f.startsWith(prefix));
  const text = readFileSync(`${SEEDS}${file}`, 'utf8');
  return text.split(`**${heading}**`)[1].split(`\`\`\`${fence}`)[1].split('```')[0].replace(/^\n/, '');
}
