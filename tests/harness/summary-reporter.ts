/**
 * Prints one plain closing line, "N passed, N failed, N skipped", that CI logs can be read by, and
 * before it, when a test failed, the run's TEST_SEED.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0,
      failed = 0,
      skipped = 0;
    for (const m of testModules) {
      for (const t of m.children.allTests()) {
        const s = t.result().state;
        if (s === 'passed') passed++;
        else if (s === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) failed++;
    }
    // Randomised tests draw from TEST_SEED (see tests/cases/seed.ts): say how to replay a failure.
    if (failed > 0) console.log(`\nTEST_SEED=${process.env.TEST_SEED} (set it to replay this run's random cases)`);
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
