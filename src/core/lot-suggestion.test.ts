import { describe, expect, it } from 'vitest';
import { suggestLotShares } from './lot-suggestion';

const lot = (id: number, harvestDate: string, remaining: number) => ({
  id,
  harvestDate,
  remaining,
});

describe('suggested lots', () => {
  it('takes the oldest harvest first, splitting the line where one lot does not cover it', () => {
    const open = [lot(3, '2026-11-28', 10), lot(1, '2026-11-20', 3), lot(2, '2026-11-20', 4)];
    expect(suggestLotShares(8.5, open)).toEqual({
      shares: [
        { lotId: 1, quantity: 3 },
        { lotId: 2, quantity: 4 },
        { lotId: 3, quantity: 1.5 },
      ],
      uncovered: 0,
    });
  });

  it('passes over empty lots and says what no lot covers', () => {
    expect(suggestLotShares(5, [lot(1, '2026-11-20', 0), lot(2, '2026-11-21', 2)])).toEqual({
      shares: [{ lotId: 2, quantity: 2 }],
      uncovered: 3,
    });
    expect(suggestLotShares(0.3, [])).toEqual({ shares: [], uncovered: 0.3 });
  });
});

describe('a recalled lot', () => {
  it('is never suggested, whatever it has left', () => {
    const lots = [
      { id: 1, harvestDate: '2026-11-01', remaining: 10, recalledAt: '2026-11-20T00:00:00Z' },
      { id: 2, harvestDate: '2026-11-05', remaining: 3, recalledAt: null },
    ];
    expect(suggestLotShares(5, lots)).toEqual({
      shares: [{ lotId: 2, quantity: 3 }],
      uncovered: 2,
    });
  });
});
