import { defineConfig } from 'vitest/config';

/**
 * The test on a real streaming replica (`npm run test:replica`): a second PostgreSQL cluster
 * made with pg_basebackup of the one at TEST_DATABASE_URL (scripts/replica.ts). Not part of
 * `npm test`, which needs nothing but npm ci. Skipped, with a message, when the replica cannot
 * be made; REQUIRE_REPLICA_TEST=1 makes that a failure.
 */
export default defineConfig({
  test: {
    include: ['tests/replica/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./tests/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
