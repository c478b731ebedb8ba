import { describe, expect, it } from 'vitest';
import { placeStop, shiftStop } from './stop-order';

describe('shiftStop', () => {
  it('moves a stop one place up or down and keeps it inside the list', () => {
    expect(shiftStop([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(shiftStop([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(shiftStop([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(shiftStop([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

describe('placeStop', () => {
  it('puts a stop before another, at the end, or brings it in from another run', () => {
    expect(placeStop([1, 2, 3], 3, 1)).toEqual([3, 1, 2]);
    expect(placeStop([1, 2, 3], 1, null)).toEqual([2, 3, 1]);
    expect(placeStop([1, 2, 3], 1, 3)).toEqual([2, 1, 3]);
    expect(placeStop([1, 2], 9, 2)).toEqual([1, 9, 2]);
    expect(placeStop([], 9, null)).toEqual([9]);
  });
});
