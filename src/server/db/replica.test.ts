import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

// The replica itself is tested on a real one: tests/replica (npm run test:replica).
describe('DATABASE_READ_URL', () => {
  const base = { SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/harvest-hui-replica-config' };

  it('is a replica of DATABASE_URL: refused without it', () => {
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: 'postgres://replica/db' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: 'postgres://replica/db' })).toThrow(
      /DATABASE_READ_URL: a replica of the DATABASE_URL database/,
    );
  });

  it('is read beside DATABASE_URL, and absent by default', () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://primary/db',
      DATABASE_READ_URL: 'postgres://replica/db',
    });
    expect(config.databaseReadUrl).toBe('postgres://replica/db');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://primary/db' }).databaseReadUrl).toBe(
      undefined,
    );
    expect(() =>
      loadConfig({
        ...base,
        DATABASE_URL: 'postgres://primary/db',
        DATABASE_READ_URL: 'mysql://x',
      }),
    ).toThrow(/DATABASE_READ_URL: must start with postgres/);
  });
});
