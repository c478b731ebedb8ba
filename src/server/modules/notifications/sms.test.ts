import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { toE164 } from './sms';

describe('SMS settings', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hh-sms-'));

  it('needs the token and sender with an SMS API, and none without one', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, SMS_API_URL: 'https://sms.example/m' })).toThrow(
      /SMS_API_TOKEN[\s\S]*SMS_FROM/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SMS_API_URL: 'not a url' })).toThrow(
      /SMS_API_URL/,
    );
    const configured = loadConfig({
      DATA_DIR: dataDir,
      SMS_API_URL: 'https://sms.example/m',
      SMS_API_TOKEN: 'token',
      SMS_FROM: '+18085550000',
    });
    expect(configured.sms).toEqual({
      url: 'https://sms.example/m',
      token: 'token',
      from: '+18085550000',
    });
    expect(loadConfig({ DATA_DIR: dataDir }).sms).toBeUndefined();
  });

  it('sends US numbers as E.164', () => {
    expect(toE164('(808) 555-0101')).toBe('+18085550101');
    expect(toE164('1 808 555 0101')).toBe('+18085550101');
    expect(toE164('555-0101')).toBeNull();
  });
});
