import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'hh-config-'));

describe('loadConfig', () => {
  it('defaults to port 5000 on the embedded database with demo data', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
  });

  it('generates a secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(first.sessionSecret);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), APP_ORIGIN: 'not a url' })).toThrow(
      /APP_ORIGIN/,
    );
  });

  it('turns demo data off on PostgreSQL unless asked', () => {
    const base = { DATA_DIR: dataDir(), DATABASE_URL: 'postgres://localhost/db' };
    expect(loadConfig(base).demoData).toBe(false);
    expect(loadConfig({ ...base, DEMO_DATA: '1' }).demoData).toBe(true);
  });

  it('enables the user switcher only in development', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_USER_SWITCHER: '1' }).devUserSwitcher).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), DEV_USER_SWITCHER: '1', NODE_ENV: 'development' })
        .devUserSwitcher,
    ).toBe(true);
  });
});
