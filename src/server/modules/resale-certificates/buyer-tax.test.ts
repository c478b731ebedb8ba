import { describe, expect, it } from 'vitest';
import { buyerTaxFor, buyerTaxOn, type BuyerTaxTerms } from './service';

const terms: BuyerTaxTerms = {
  farms: new Map([
    [1, { taxRate: '4.7120', wholesaleRate: '0.5000', passOnRate: '4.7120' }],
    [2, { taxRate: '4.1666', wholesaleRate: null, passOnRate: null }],
  ]),
  certificates: [{ id: 14, farmId: 1, effectiveFrom: '2026-12-01', lastDay: '2026-12-10' }],
};

describe('buyerTaxOn (the GET rule by buyer)', () => {
  it.each([
    ['2026-11-30', '4.7120', 'pass-on: no resale certificate'],
    ['2026-12-01', '0.5000', 'wholesale: certificate 14 on file'],
    ['2026-12-10', '0.5000', 'wholesale: certificate 14 on file'],
    ['2026-12-11', '4.7120', 'pass-on: no resale certificate'],
  ])('on %s: %s (%s)', (day, taxRate, taxReason) => {
    expect(buyerTaxOn(terms, 1, day)).toEqual({ taxRate, taxReason });
  });

  it('leaves a farm with one rate to that rate, with no reason', () => {
    expect(buyerTaxOn(terms, 2, '2026-12-05')).toBeNull();
    expect(buyerTaxFor(terms, 2, '2026-12-05')).toEqual({ taxRate: '4.1666', taxReason: null });
    expect(buyerTaxFor(terms, 3, '2026-12-05')).toBeNull();
  });
});
