import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends a run without PostgreSQL by saying how many tests it skipped for want of one (every
 * skipped test of this suite is one: they need a real server, `describe.skipIf` without
 * TEST_DATABASE_URL) and the command that runs them. Silent when PostgreSQL was used.
 */
export default class SkippedPostgresReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (process.env.TEST_DATABASE_URL) return;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        if (test.result().state === 'skipped') skipped += 1;
      }
    }
    if (skipped === 0) return;
    console.log(
      `\n${skipped} PostgreSQL tests skipped: no TEST_DATABASE_URL. Run every test, these ` +
        'included, with\n  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test\n',
    );
  }
}
