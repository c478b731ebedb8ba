import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// TEST_DATABASE_URL=off means "do not use PostgreSQL", as if it were not set: the calendar runs
// of .ci/run use it, whatever the machine's environment says. The workers inherit the change.
if (process.env.TEST_DATABASE_URL === 'off') delete process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The API tests mostly wait on the embedded database, so two workers pay even on two cores;
    // and a worker keeps its loaded modules (and PGlite's compiled WebAssembly) from one test
    // file to the next. Each file gets a database as the migrated snapshot left it (one the worker
    // kept and emptied, tests/helpers/test-database.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    isolate: false,
    setupFiles: ['./tests/setup.ts'],
    // Without PostgreSQL the run ends by saying how many tests that needs it skipped.
    reporters: ['default', './tests/helpers/skipped-postgres-reporter.ts'],
    // Two projects, one per environment: Vitest keeps a worker for the next file only when that
    // file wants the same environment, so node and DOM files mixed in one queue made it start a
    // fresh worker (and import everything again) at almost every change. Each project's files
    // run together, longest first.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts'],
          globalSetup: ['./tests/helpers/migrated-snapshot.ts'],
        },
      },
      {
        // Components and hooks render in jsdom, with the DOM setup; they are the .tsx tests.
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/client/**/*.test.tsx'],
          setupFiles: ['./src/client/test/setup-dom.ts'],
        },
      },
    ],
    // `npm run coverage`: the floor sits a little under what the suite reaches, so a change
    // that drops tests (or adds much untested code) fails it.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/client/test/**'],
      reporter: ['text-summary', 'html', 'json-summary'],
      thresholds: { statements: 60, lines: 60, functions: 50, branches: 50 },
    },
  },
});
