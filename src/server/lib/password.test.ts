import { expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from './password';

it('hashes at the production cost unless told otherwise, and records the cost in the hash', async () => {
  const hash = await hashPassword('correct-horse-battery');
  expect(hash.split('$').slice(0, 2)).toEqual(['scrypt', String(PASSWORD_HASH_COST)]);
  expect(PASSWORD_HASH_COST).toBeGreaterThanOrEqual(16384);
  expect(await verifyPassword('correct-horse-battery', hash)).toBe(true);
  expect(await verifyPassword('correct-horse-batterY', hash)).toBe(false);
});

it('checks a hash at the cost it records, whatever the cost of new hashes', async () => {
  const cheap = await hashPassword('correct-horse-battery', 1024);
  expect(cheap.split('$')[1]).toBe('1024');
  expect(await verifyPassword('correct-horse-battery', cheap)).toBe(true);
  expect(await verifyPassword('correct-horse-battery', cheap, 1024)).toBe(true);
  expect(await verifyPassword('wrong-horse-battery', cheap, 1024)).toBe(false);
});

it('refuses when there is no account, after as much work as a real check', async () => {
  expect(await verifyPassword('correct-horse-battery', null)).toBe(false);
  expect(await verifyPassword('correct-horse-battery', null, 1024)).toBe(false);
  expect(await verifyPassword('correct-horse-battery', 'bcrypt$10$abc$def')).toBe(false);
});
