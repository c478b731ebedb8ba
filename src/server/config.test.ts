import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appOriginOf, ConfigError, loadConfig, startupWarnings } from './config';

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

  it('stores photos in DATA_DIR/uploads unless S3_BUCKET is set, and checks the S3 settings', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        S3_BUCKET: 'farm-photos',
        S3_ENDPOINT: 'https://minio.internal:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'farm-photos',
      region: 'us-east-1',
      endpoint: 'https://minio.internal:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: '',
    });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: 'https://minio.internal:9000' }),
    ).toThrow(/S3_BUCKET: required with S3_\* settings/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'farm-photos', S3_ACCESS_KEY_ID: 'key' }),
    ).toThrow(/S3_SECRET_ACCESS_KEY/);
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

  it('makes new farms wait for approval unless MARKETPLACE_APPROVAL is off', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).marketplaceApproval).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), MARKETPLACE_APPROVAL: '0' }).marketplaceApproval).toBe(
      false,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), MARKETPLACE_APPROVAL: '1' }).marketplaceApproval).toBe(
      true,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), MARKETPLACE_APPROVAL: 'maybe' })).toThrow(
      /MARKETPLACE_APPROVAL/,
    );
  });

  it('enables the user switcher only in development', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_USER_SWITCHER: '1' }).devUserSwitcher).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), DEV_USER_SWITCHER: '1', NODE_ENV: 'development' })
        .devUserSwitcher,
    ).toBe(true);
  });

  it('listens on this machine only for the embedded database, unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://localhost/db' }).host).toBe(
      '0.0.0.0',
    );
  });

  it('says plainly when demo accounts are served beyond this machine', () => {
    const quickStart = loadConfig({ DATA_DIR: dataDir() });
    expect(startupWarnings(quickStart)).toEqual([]);
    const exposed = loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' });
    expect(startupWarnings(exposed).join('\n')).toMatch(
      /Demo accounts are on .* 0\.0\.0\.0.*administrator's email and password/s,
    );
    expect(
      startupWarnings(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', DEMO_DATA: '0' })),
    ).toEqual([]);
    expect(startupWarnings(loadConfig({ DATA_DIR: dataDir(), HOST: '::1' }))).toEqual([]);
  });

  it('reads TRUST_PROXY as a number of hops or a list of addresses, never as everyone', () => {
    const base = { DATA_DIR: dataDir(), APP_ORIGIN: 'https://harvesthui.example' };
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
    for (const everyone of ['true', 'yes', 'all', '*']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: everyone })).toThrow(
        /TRUST_PROXY: .*would trust every address/,
      );
    }
    for (const wrong of ['10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2', '11']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('refuses TRUST_PROXY without APP_ORIGIN, and says why', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' })).toThrow(
      /APP_ORIGIN: required with TRUST_PROXY/,
    );
  });

  it('warns on PostgreSQL without TRUST_PROXY', () => {
    const base = { DATA_DIR: dataDir(), DATABASE_URL: 'postgres://localhost/db' };
    expect(startupWarnings(loadConfig(base)).join('\n')).toMatch(/TRUST_PROXY is not set/);
    const proxied = loadConfig({
      ...base,
      TRUST_PROXY: '1',
      APP_ORIGIN: 'https://harvesthui.example',
    });
    expect(startupWarnings(proxied)).toEqual([]);
  });

  it('has one origin for the start line and links: APP_ORIGIN, else the address it listens on', () => {
    expect(appOriginOf(loadConfig({ DATA_DIR: dataDir() }))).toBe('http://127.0.0.1:5000');
    expect(appOriginOf(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', PORT: '5100' }))).toBe(
      'http://localhost:5100',
    );
    expect(appOriginOf(loadConfig({ DATA_DIR: dataDir(), HOST: '::1' }))).toBe('http://[::1]:5000');
    const set = loadConfig({ DATA_DIR: dataDir(), APP_ORIGIN: 'https://harvesthui.example/' });
    expect(appOriginOf(set)).toBe('https://harvesthui.example');
  });

  it('warns on PostgreSQL without APP_ORIGIN, since links would point at this machine', () => {
    const base = { DATA_DIR: dataDir(), DATABASE_URL: 'postgres://localhost/db' };
    const warning = startupWarnings(loadConfig(base)).find((text) =>
      text.startsWith('APP_ORIGIN is not set'),
    );
    expect(warning).toMatch(
      /links in email \(password resets, email address checks, invitations, orders\) point at http:\/\/localhost:5000, this machine/,
    );
    const withOrigin = loadConfig({ ...base, APP_ORIGIN: 'https://harvesthui.example' });
    expect(startupWarnings(withOrigin).join('\n')).not.toMatch(/APP_ORIGIN/);
    // On the embedded database the server is a start on this machine, and links open here.
    expect(startupWarnings(loadConfig({ DATA_DIR: dataDir() }))).toEqual([]);
  });

  it('limits failed sign-ins per account and address (10) and per address (100)', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.loginRateLimit).toBe(10);
    expect(defaults.loginAddressRateLimit).toBe(100);
    expect(defaults.registerRateLimit).toBe(20);
    const raised = loadConfig({ DATA_DIR: dataDir(), LOGIN_RATE_LIMIT: '50' });
    expect(raised.loginAddressRateLimit).toBe(500);
    expect(raised.registerRateLimit).toBe(100);
    const set = loadConfig({
      DATA_DIR: dataDir(),
      LOGIN_ADDRESS_RATE_LIMIT: '300',
      REGISTER_RATE_LIMIT: '5',
    });
    expect([set.loginAddressRateLimit, set.registerRateLimit]).toEqual([300, 5]);
  });
});
