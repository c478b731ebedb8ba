import { describe, expect, it } from 'vitest';
import { keepNewest } from './bounded-map';

describe('keepNewest', () => {
  it('keeps at most so many entries, dropping the least recently set', () => {
    const map = new Map<string, number>();
    keepNewest(map, 'a', 1, 2);
    keepNewest(map, 'b', 2, 2);
    keepNewest(map, 'a', 3, 2); // 'a' is the newest again
    keepNewest(map, 'c', 4, 2);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });
});
