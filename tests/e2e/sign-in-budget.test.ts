/**
 * The sign-in page's JavaScript stays within its budget (250 KB gzipped: the
 * entry, its static imports, the sign-in messages of the reader's language
 * and English's, and the page's own chunk, as `npm run bench` counts it, for
 * the heaviest language). New screens load lazily; this test fails the
 * change that forgets to. The employee's clock page (what signing in adds:
 * the signed-in messages, routes, shell and the clock's own chunk) holds its
 * own budget of 350 KB.
 */
import { describe, expect, it } from "vitest";
import { CLOCK_PAGE_BUDGET_KB, clockPageJavaScript, LOGIN_BUDGET_KB, loginRouteJavaScript } from "../bench/bundle";
import { assertAppBuilt, DIST_DIR } from "../support/e2e";

describe("the sign-in page's JavaScript", () => {
  it(`is at most ${LOGIN_BUDGET_KB} KB gzipped`, () => {
    assertAppBuilt();
    const { gzipBytes, files, language } = loginRouteJavaScript(DIST_DIR);
    expect(gzipBytes / 1024, `a reader of ${language}: ${files.length} files: ${files.join(", ")}`).toBeLessThanOrEqual(LOGIN_BUDGET_KB);
  });
});

describe("the employee's clock page's JavaScript", () => {
  it(`adds at most ${CLOCK_PAGE_BUDGET_KB} KB gzipped to the sign-in page's`, () => {
    assertAppBuilt();
    const { afterSignIn, language } = clockPageJavaScript(DIST_DIR);
    expect(afterSignIn.gzipBytes / 1024, `a reader of ${language}: ${afterSignIn.files.length} files: ${afterSignIn.files.join(", ")}`).toBeLessThanOrEqual(CLOCK_PAGE_BUDGET_KB);
  });
});
