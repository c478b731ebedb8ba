import { describe, expect, it } from 'vitest';
import { placeBefore, shiftPlace } from './stop-order';

describe('shiftPlace', () => {
  it('moves a stop with all its orders one place up or down, kept inside the list', () => {
    const places = [[1, 4], [2], [3, 5]];
    expect(shiftPlace(places, 1, -1)).toEqual([2, 1, 4, 3, 5]);
    expect(shiftPlace(places, 0, 1)).toEqual([2, 1, 4, 3, 5]);
    expect(shiftPlace(places, 2, 1)).toEqual([1, 4, 2, 3, 5]);
    expect(shiftPlace(places, 0, -1)).toEqual([1, 4, 2, 3, 5]);
  });
});

describe('placeBefore', () => {
  it('puts a stop before another, at the end, or brings it in from another run', () => {
    const places = [[1, 4], [2], [3, 5]];
    expect(placeBefore(places, [3, 5], [1, 4])).toEqual([3, 5, 1, 4, 2]);
    expect(placeBefore(places, [1, 4], null)).toEqual([2, 3, 5, 1, 4]);
    expect(placeBefore(places, [9, 8], [2])).toEqual([1, 4, 9, 8, 2, 3, 5]);
    expect(placeBefore([], [9], null)).toEqual([9]);
  });
});
