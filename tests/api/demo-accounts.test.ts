import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/seed';
import { createTestAppOn, useTestDatabase } from '../helpers/test-app';

const shared = useTestDatabase();

describe('GET /api/auth/demo-accounts', () => {
  it('lists the demo accounts and their password to anyone in demo mode', async () => {
    const ctx = await createTestAppOn(shared.database, { demoData: true });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/demo-accounts' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        password: DEMO_PASSWORD,
        accounts: DEMO_ACCOUNTS.map(({ label, email }) => ({ label, email })),
      });
    } finally {
      await ctx.close();
    }
  });

  it('does not exist outside demo mode', async () => {
    const ctx = await createTestAppOn(shared.database, { demoData: false });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/demo-accounts' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(DEMO_PASSWORD);
    } finally {
      await ctx.close();
    }
  });
});
