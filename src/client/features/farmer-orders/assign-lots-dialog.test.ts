import type { Lot } from '#core/schemas/traceability';
import { describe, expect, it } from 'vitest';
import { suggestLots } from './assign-lots-dialog';

const lot = (id: number, remaining: number) => ({ id, remaining }) as Lot;

describe('the lots a line is taken from at first', () => {
  it('takes the oldest lots first, as much of each as is left, until the line is covered', () => {
    expect(suggestLots(5, [lot(1, 3), lot(2, 20), lot(3, 8)])).toEqual([
      { lotId: '1', quantity: '3' },
      { lotId: '2', quantity: '2' },
    ]);
    expect(suggestLots(2.5, [lot(4, 10)])).toEqual([{ lotId: '4', quantity: '2.5' }]);
  });

  it('leaves what no lot covers for the packer to choose', () => {
    expect(suggestLots(5, [])).toEqual([{ lotId: '', quantity: '5' }]);
    expect(suggestLots(5, [lot(1, 2)])).toEqual([{ lotId: '1', quantity: '2' }]);
  });
});
