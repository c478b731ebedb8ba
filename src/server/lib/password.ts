import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;

/**
 * scrypt's cost (N) for new hashes. Each hash records the cost it was made with, so raising it
 * later keeps existing passwords working; AppConfig.passwordHashCost may lower it for tests only.
 */
export const PASSWORD_HASH_COST = 16384;

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password,
      salt,
      KEY_LENGTH,
      { N: cost, r: 8, p: 1, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** "scrypt$N$salt$hash", salt and hash in base64url. */
export async function hashPassword(password: string, cost = PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `scrypt$${cost}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * Checks a password against its stored hash. Without one (an unknown email), a dummy hash of
 * `cost` is checked instead, so both answers take the same time as a real account's.
 */
export async function verifyPassword(
  password: string,
  stored: string | null,
  cost = PASSWORD_HASH_COST,
): Promise<boolean> {
  const [scheme, storedCost, salt, hash] = (stored ?? dummyHash(cost)).split('$');
  if (scheme !== 'scrypt' || !storedCost || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(storedCost));
  return stored !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}

function dummyHash(cost: number): string {
  return `scrypt$${cost}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`;
}
