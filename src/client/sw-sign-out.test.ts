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

  it('keeps the driver’s page and user in caches that signing out forgets', () => {
    const kept = [...read('../../vite.config.ts').matchAll(/cacheName: '([^']+)'/g)].map(
      (match) => match[1],
    );
    const script = read('./public/sw-keep-for-no-signal.js');
    const written = [...script.matchAll(/const KEPT_\w+ = '([^']+)'/g)].map((match) => match[1]);
    expect(written.length).toBe(2);
    for (const name of written) expect(kept).toContain(name);
    expect(read('../../vite.config.ts')).toContain("'/sw-keep-for-no-signal.js'");
    // The message the driver's view sends is the one the worker listens for.
    expect(read('./features/driver/drive-page.tsx')).toContain(
      /KEEP_FOR_NO_SIGNAL = '([^']+)'/.exec(script)![1],
    );
  });
});
