// Every browser test imports `test` from here, not from @playwright/test: an uncaught error in
// any page of the test's browser context fails the test, so no test has to remember to look.
// (A page opened with browser.newPage() has a context of its own: open it with
// context.newPage() to keep it watched.)
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    const errors = [];
    const watch = (page) => page.on('pageerror', (e) => errors.push(`${page.url()}: ${e}`));
    context.pages().forEach(watch);
    context.on('page', watch);
    await use(context);
    expect(errors, `uncaught errors in the page during "${testInfo.title}"`).toEqual([]);
  },
});

export { expect };
