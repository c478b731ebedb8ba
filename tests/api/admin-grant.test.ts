import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grantAdmin } from '../../src/server/modules/auth/service';
import { claimEmbeddedDatabase } from '../../src/server/runtime';
import { PASSWORD, Session, signUp, testConfig, useTestApp } from '../helpers/test-app';

const ctx = useTestApp();

describe('admin:grant', () => {
  it('makes an existing user an administrator who needs no profile', async () => {
    const user = await signUp(ctx.app);
    expect(await grantAdmin(ctx.database.db, user.email.toUpperCase())).toBe(true);
    const session = new Session(ctx.app);
    await session.post('/api/auth/login', { email: user.email, password: PASSWORD });
    const me = (await session.get('/api/auth/user')).json();
    expect(me.role).toBe('admin');
    expect(me.profile).toBeNull();
  });

  it('reports an unknown email', async () => {
    expect(await grantAdmin(ctx.database.db, 'nobody@example.com')).toBe(false);
  });

  it('refuses the embedded database while a server holds it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hh-grant-'));
    // The parent of this test process is alive: it stands in for a running server.
    writeFileSync(join(dataDir, 'server.pid'), String(process.ppid));
    expect(() => claimEmbeddedDatabase(testConfig({ dataDir }))).toThrow(/Stop it first/);
  });

  it('claims a free embedded database and releases it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hh-grant-'));
    const release = claimEmbeddedDatabase(testConfig({ dataDir }));
    release();
    expect(() => claimEmbeddedDatabase(testConfig({ dataDir }))()).not.toThrow();
  });
});
