import { describe, expect, it } from 'vitest';
import { percentOffCents } from './money';
import {
  breakReached,
  breaksOf,
  listedPackCents,
  listedUnitCents,
  offeredUnitPriceCents,
  packBreakReached,
  packBreaksOf,
  packPriceCents,
  unitPriceCents,
  type PriceListTerms,
} from './pricing';

const tomato = { id: 7, listPriceCents: 400 };
const okra = { id: 8, listPriceCents: 399 };

function list(terms: Partial<PriceListTerms>): PriceListTerms {
  return {
    id: 1,
    kind: 'percent',
    percentOff: 0,
    prices: new Map(),
    breaks: new Map(),
    ...terms,
  };
}

describe('percentOffCents: a percentage off, rounded half up to the cent once', () => {
  it('takes the percentage off exactly', () => {
    expect(percentOffCents(400, 100_000)).toBe(360);
    expect(percentOffCents(1000, 125_000)).toBe(875);
  });
  it('rounds a half cent up and less than half down', () => {
    // $3.99 at 12.5% off is 349.125 cents; $0.05 at 10% off is 4.5 cents.
    expect(percentOffCents(399, 125_000)).toBe(349);
    expect(percentOffCents(5, 100_000)).toBe(5);
    // $0.15 at 10% off is 13.5 cents.
    expect(percentOffCents(15, 100_000)).toBe(14);
  });
  it('keeps the price at 0% and gives it away at 100%', () => {
    expect(percentOffCents(399, 0)).toBe(399);
    expect(percentOffCents(399, 1_000_000)).toBe(0);
  });
});

describe('the price of a line (docs/price-lists.md)', () => {
  it('is the list price without a list', () => {
    expect(unitPriceCents(tomato, null, 12)).toBe(400);
  });

  it('is the percentage off on a percent list', () => {
    expect(unitPriceCents(okra, list({ percentOff: 100_000 }), 1)).toBe(359);
  });

  it("is the list's own price on a prices list, else the product's", () => {
    const prices = list({ kind: 'prices', percentOff: null, prices: new Map([[7, 333]]) });
    expect(unitPriceCents(tomato, prices, 1)).toBe(333);
    expect(unitPriceCents(okra, prices, 1)).toBe(399);
  });

  it('is the highest break reached by the quantity, whatever order the breaks are in', () => {
    const breaks = list({
      percentOff: 100_000,
      breaks: new Map([
        [
          7,
          [
            { minQuantity: 25, priceCents: 300 },
            { minQuantity: 10, priceCents: 350 },
          ],
        ],
      ]),
    });
    expect(unitPriceCents(tomato, breaks, 9.99)).toBe(360);
    expect(unitPriceCents(tomato, breaks, 10)).toBe(350);
    expect(unitPriceCents(tomato, breaks, 12)).toBe(350);
    expect(unitPriceCents(tomato, breaks, 25)).toBe(300);
    expect(breakReached(tomato, breaks, 24.99)).toBe(10);
    expect(breakReached(tomato, breaks, 9)).toBeNull();
    expect(breaksOf(tomato, breaks).map((entry) => entry.minQuantity)).toEqual([10, 25]);
    // Another product of the list has no breaks: the list's price.
    expect(unitPriceCents(okra, breaks, 30)).toBe(359);
  });

  it('compares weighed quantities in hundredths, never through float error', () => {
    const breaks = list({ breaks: new Map([[7, [{ minQuantity: 0.3, priceCents: 1 }]]]) });
    expect(unitPriceCents(tomato, breaks, 0.1 + 0.2)).toBe(1);
  });

  it('gives the same price from what browse sends, for the cart', () => {
    const product = { price: '3.60', breaks: [{ minQuantity: 10, price: '3.50' }] };
    expect(offeredUnitPriceCents(product, 9)).toBe(360);
    expect(offeredUnitPriceCents(product, 12)).toBe(350);
    expect(offeredUnitPriceCents({ price: '3.60' }, 12)).toBe(360);
    expect(listedUnitCents(tomato, list({ percentOff: 100_000 }))).toBe(360);
  });
});

describe('the price of a pack (docs/packs.md)', () => {
  /** Okra by the bunch at $3.99: its unit, a case of 24 at $80 and a box of 10 at 10 × the bunch. */
  const bunch = { id: 80, size: 1, ownPriceCents: null };
  const caseOf24 = { id: 81, size: 24, ownPriceCents: 8000 };
  const boxOf10 = { id: 82, size: 10, ownPriceCents: null };

  it("is the pack's own price, or its size × the unit's, without a list", () => {
    expect(listedPackCents(okra, caseOf24, null)).toBe(8000);
    expect(listedPackCents(okra, boxOf10, null)).toBe(3990);
    expect(packPriceCents(okra, bunch, null, 3)).toBe(399);
  });

  it("is a prices list's own price of the pack, else its own, else size × the list's unit price", () => {
    const prices = list({
      kind: 'prices',
      percentOff: null,
      prices: new Map([[8, 350]]),
      packPrices: new Map([[81, 7000]]),
    });
    expect(packPriceCents(okra, caseOf24, prices, 1)).toBe(7000);
    expect(packPriceCents(okra, boxOf10, prices, 1)).toBe(3500);
    // The unit pack is the product, priced by the product's entry.
    expect(packPriceCents(okra, bunch, prices, 1)).toBe(350);
    // Without an entry for the case, its own price.
    const unitOnly = list({ kind: 'prices', percentOff: null, prices: new Map([[8, 350]]) });
    expect(packPriceCents(okra, caseOf24, unitOnly, 1)).toBe(8000);
  });

  it("takes a percent list's percentage off a pack's own price, and off size × unit price else", () => {
    const tenOff = list({ percentOff: 100_000 });
    expect(packPriceCents(okra, caseOf24, tenOff, 1)).toBe(7200);
    // $3.99 less 10% is $3.59 (rounded once, per unit), so the box is $35.90.
    expect(packPriceCents(okra, boxOf10, tenOff, 1)).toBe(3590);
    // A percent list's pack prices, had it any, price nothing.
    const stray = list({ percentOff: 100_000, packPrices: new Map([[81, 1]]) });
    expect(packPriceCents(okra, caseOf24, stray, 1)).toBe(7200);
  });

  it('applies a pack break from its number of packs, and the unit breaks only to the unit', () => {
    const breaks = list({
      kind: 'prices',
      percentOff: null,
      packPrices: new Map([[81, 7000]]),
      breaks: new Map([[8, [{ minQuantity: 24, priceCents: 300 }]]]),
      packBreaks: new Map([
        [
          81,
          [
            { minQuantity: 10, priceCents: 6000 },
            { minQuantity: 5, priceCents: 6500 },
          ],
        ],
      ]),
    });
    expect(packPriceCents(okra, caseOf24, breaks, 4)).toBe(7000);
    expect(packPriceCents(okra, caseOf24, breaks, 5)).toBe(6500);
    expect(packPriceCents(okra, caseOf24, breaks, 12)).toBe(6000);
    expect(packBreakReached(okra, caseOf24, breaks, 9)).toBe(5);
    expect(packBreakReached(okra, caseOf24, breaks, 4)).toBeNull();
    expect(packBreaksOf(okra, caseOf24, breaks).map((entry) => entry.minQuantity)).toEqual([5, 10]);
    // 24 bunches reach the bunch's break; one case (24 bunches) does not: breaks count packs.
    expect(packPriceCents(okra, bunch, breaks, 24)).toBe(300);
    expect(packPriceCents(okra, caseOf24, breaks, 1)).toBe(7000);
    expect(packBreaksOf(okra, bunch, breaks).map((entry) => entry.minQuantity)).toEqual([24]);
    // The box has no breaks of its own.
    expect(packPriceCents(okra, boxOf10, breaks, 50)).toBe(3990);
  });
});
