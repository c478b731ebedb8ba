import { describe, expect, it } from 'vitest';
import { Session, uniqueEmail, useTestApp } from '../helpers/test-app';

const ctx = useTestApp();

const register = (password: string) =>
  new Session(ctx.app).post('/api/auth/register', {
    email: uniqueEmail('strength'),
    password,
    firstName: 'Noelani',
    lastName: 'Kealoha',
  });

describe('the password rule', () => {
  it.each([
    ['12345678', /at least 12 characters/i],
    [' '.repeat(8), /at least 12 characters/i],
    ['password1234', /commonly used password/i],
    ['aaaaaaaaaaaa', /repeated characters/i],
  ])('refuses %j with 400 and the reason', async (password, reason) => {
    const response = await register(password);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toMatch(reason);
  });

  it('refuses a password made of the name on the account', async () => {
    const response = await register('noelanikealoha');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('weak_password');
  });

  it('accepts a strong passphrase', async () => {
    expect((await register('aloha-demo-2026')).statusCode).toBe(201);
  });
});
