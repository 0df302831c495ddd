// A Vitest reporter that records the run's unhandled errors (an unhandled rejection, an error thrown after a
// test ended) in the file PLAZA_VITEST_UNHANDLED_REPORT names. Vitest's JSON report leaves them out and says
// `success: true`; scripts/test-counting.mjs counts each one as a failure.
import { writeFileSync } from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors, reason) {
    const file = process.env.PLAZA_VITEST_UNHANDLED_REPORT;
    if (!file) return;
    const errors = (unhandledErrors ?? []).map((error) => ({
      name: error?.name,
      message: String(error?.message ?? error),
      stack: error?.stack,
    }));
    writeFileSync(file, JSON.stringify({ reason, unhandledErrors: errors }));
  }
}
