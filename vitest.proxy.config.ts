import { defineConfig } from 'vitest/config';

/**
 * The test behind a real nginx (`npm run test:proxy`): two server processes on one PostgreSQL
 * (TEST_DATABASE_URL). Not part of `npm test`, which needs nothing but npm ci. Skipped, with
 * a message, without nginx or TEST_DATABASE_URL; REQUIRE_PROXY_TEST=1 makes that a failure.
 */
export default defineConfig({
  test: {
    include: ['tests/proxy/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
