import type { SerializedError } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

// Prints one plain closing line for CI logs: 'vitest: N passed, N failed, N skipped', followed by
// the files that failed outside any test (an import that throws, a failing hook) and the errors
// raised outside the tests, when there are any: such a file counts no failed test.
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError> = [],
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    let failedFiles = 0;
    for (const mod of modules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      failed += failedHere;
      if (mod.state() === 'failed' && failedHere === 0) failedFiles++;
    }
    const also = [
      failedFiles > 0 ? `${failedFiles} file(s) failed outside their tests` : '',
      unhandledErrors.length > 0 ? `${unhandledErrors.length} unhandled error(s)` : '',
    ].filter(Boolean);
    process.stdout.write(
      `\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped` +
        `${also.length > 0 ? `; ${also.join(', ')}` : ''}\n`,
    );
  }
}
