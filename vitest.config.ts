import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@core': fromRoot('./src/core'),
      '@client': fromRoot('./src/client'),
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['./tests/setup.ts'],
  },
});
