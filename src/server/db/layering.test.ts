import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('src/server/db', () => {
  it('imports no service: what it shares with the modules lives below both', () => {
    const dir = import.meta.dirname;
    const reachingUp = readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) =>
        [...readFileSync(join(dir, name), 'utf8').matchAll(/from '([^']*\/modules\/[^']*)'/g)].map(
          (match) => `${name}: ${match[1]}`,
        ),
      );
    expect(reachingUp).toEqual([]);
  });
});
