import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('what the service worker keeps for one person', () => {
  it('forgets every runtime cache of the worker when someone signs out or in', () => {
    const kept = [...read('../../vite.config.ts').matchAll(/cacheName: '([^']+)'/g)].map(
      (match) => match[1],
    );
    const forgotten = /PERSONAL_CACHES = \[([^\]]*)\]/.exec(read('./public/sw-sign-out.js'))![1]!;
    expect(kept.length).toBeGreaterThan(0);
    expect([...forgotten.matchAll(/'([^']+)'/g)].map((match) => match[1]).sort()).toEqual(
      kept.sort(),
    );
  });
});
