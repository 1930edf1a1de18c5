import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends every run with the plain "N passed, N failed, N skipped" line CI reads. A file that failed before any of
 * its tests ran (an import that throws) has no tests to count: it counts as one failed, or the line would say
 * "0 failed" of a red run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") count.passed++;
        else if (state === "failed") failedTests++;
        else count.skipped++;
      }
      count.failed += module.state() === "failed" ? Math.max(failedTests, 1) : failedTests;
    }
    process.stdout.write(`\n${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped\n`);
  }
}
