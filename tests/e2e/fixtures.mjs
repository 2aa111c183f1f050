// Every browser test imports `test` from here, not from @playwright/test: an uncaught error in
// any page the test opens fails the test, so no test (and no page object) has to remember to
// look. The pages of the test's own context are watched; a test that needs a context of its own
// (a fresh visitor, another locale) takes it from `newContext`, which is watched too and closed at
// the end. (A context made with browser.newContext() directly is not watched.)
import { test as base, expect } from '@playwright/test';

/** Records every uncaught error of every page of `context`, now and later, into `errors`. */
function watch(context, errors) {
  const page = (p) => p.on('pageerror', (e) => errors.push(`${p.url()}: ${e}`));
  context.pages().forEach(page);
  context.on('page', page);
}

export const test = base.extend({
  // The one list of the test's uncaught page errors, checked once everything else is torn down.
  pageErrors: async ({}, use, testInfo) => {
    const errors = [];
    await use(errors);
    expect(errors, `uncaught errors in the page during "${testInfo.title}"`).toEqual([]);
  },
  context: async ({ context, pageErrors }, use) => {
    watch(context, pageErrors);
    await use(context);
  },
  newContext: async ({ browser, pageErrors }, use) => {
    const made = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      watch(context, pageErrors);
      made.push(context);
      return context;
    });
    for (const context of made) await context.close();
  },
});

export { expect };
