import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Tokens of the links that work without signing in (a fresh sheet's unsubscribe, a
 * substitute's accept and decline): the ids they name, then an HMAC of those ids under a
 * purpose, signed with the server's secret. A token signed for one purpose reads as nothing
 * for another.
 */

function mac(secret: string, purpose: string, ids: readonly number[]): string {
  return createHmac('sha256', secret)
    .update(`${purpose}:${ids.join(':')}`)
    .digest('base64url')
    .slice(0, 32);
}

/** `id.id….mac`: the ids, signed for `purpose`. */
export function signIds(secret: string, purpose: string, ids: readonly number[]): string {
  return `${ids.join('.')}.${mac(secret, purpose, ids)}`;
}

/** The `count` ids a token names, or null when it is not one this server signed for `purpose`. */
export function readSignedIds(
  secret: string,
  purpose: string,
  token: string,
  count: number,
): number[] | null {
  const parts = token.split('.');
  if (parts.length !== count + 1) return null;
  const given = parts.pop()!;
  if (!parts.every((part) => /^\d{1,10}$/.test(part)) || !/^[A-Za-z0-9_-]{32}$/.test(given)) {
    return null;
  }
  const ids = parts.map(Number);
  const expected = Buffer.from(mac(secret, purpose, ids));
  const sent = Buffer.from(given);
  if (expected.length !== sent.length || !timingSafeEqual(expected, sent)) return null;
  return ids;
}
