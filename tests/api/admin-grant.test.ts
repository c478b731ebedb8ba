import { describe, expect, it } from 'vitest';
import { grantAdmin } from '../../src/server/modules/auth/service';
import { PASSWORD, Session, signUp, useTestApp } from '../helpers/test-app';

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
});
