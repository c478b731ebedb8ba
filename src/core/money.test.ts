import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsOf,
  formatMoneyString,
  formatUsd,
  multiplyCents,
  orderAmounts,
  parseMoney,
  parseRate,
  rateOf,
  taxCents,
  toRateString,
  sumCents,
  toMoneyString,
} from './money';
import { groupThousands } from './quantity';

describe('parseMoney', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    ['  3.10 ', 310],
    ['-4.25', -425],
    ['0', 0],
    ['9999999999.99', 999_999_999_999],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it('reads whole and 2-decimal numbers', () => {
    expect(parseMoney(7)).toBe(700);
    expect(parseMoney(7.5)).toBe(750);
  });

  it.each(['', ' ', 'abc', '1.234', '1,000.00', '$5', '1e3', '.5', '5.', '--1', '12345678901234'])(
    'refuses %j',
    (text) => {
      expect(parseMoney(text)).toBeNull();
    },
  );

  it('refuses a missing value and a number with more than 2 decimals', () => {
    expect(parseMoney(null)).toBeNull();
    expect(parseMoney(undefined)).toBeNull();
    expect(parseMoney(0.125)).toBeNull();
  });
});

describe('toMoneyString', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1250, '12.50'],
    [100_000, '1000.00'],
    [-425, '-4.25'],
  ])('writes %i cents as %j', (cents, text) => {
    expect(toMoneyString(cents)).toBe(text);
  });

  it('round-trips every amount through parseMoney', () => {
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_999, max: 999_999_999_999 }), (cents) => {
        expect(parseMoney(toMoneyString(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatting for people', () => {
  it('shows a dollar sign, thousands separators and 2 decimals', () => {
    expect(formatUsd(123_450)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-500)).toBe('-$5.00');
    expect(formatUsd(-0)).toBe('$0.00');
  });

  it('says every amount as en-US currency formatting says it', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_999, max: 999_999_999_999 }), (cents) => {
        expect(formatUsd(cents)).toBe(usd.format(cents / 100).replace('-$0.00', '$0.00'));
      }),
    );
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(10_000_000)).toBe('10,000,000');
  });

  it('formats a wire amount, and refuses corrupt money instead of showing $0.00', () => {
    expect(formatMoneyString('42.1')).toBe('$42.10');
    expect(formatMoneyString('1234567890123.45')).toBe('$1,234,567,890,123.45');
    expect(() => formatMoneyString('n/a')).toThrow(/Not an amount of money/);
    expect(() => centsOf('')).toThrow(/Not an amount of money/);
    expect(centsOf('0.5')).toBe(50);
  });
});

describe('arithmetic in cents', () => {
  it('multiplies and sums exactly where floats would drift', () => {
    expect(multiplyCents(10, 3)).toBe(30);
    expect(toMoneyString(sumCents([10, 20]))).toBe('0.30');
    expect(toMoneyString(multiplyCents(parseMoney('19.99')!, 3))).toBe('59.97');
    expect(sumCents([])).toBe(0);
  });

  it('rounds a weighed line half up to the cent, once', () => {
    expect(multiplyCents(399, 1.25)).toBe(499); // 498.75 cents
    expect(multiplyCents(10, 0.05)).toBe(1); // half a cent goes up
    expect(multiplyCents(10, 0.04)).toBe(0); // 0.4 cent goes down
    expect(multiplyCents(250, 2.5)).toBe(625);
    expect(multiplyCents(333, 0.33)).toBe(110); // 109.89 cents
    expect(multiplyCents(1, 0.5)).toBe(1);
    expect(multiplyCents(-10, 0.05)).toBe(-1); // halves go away from zero
    expect(multiplyCents(10_000_000, 10_000)).toBe(100_000_000_000);
    expect(() => multiplyCents(100, 1.005)).toThrow(RangeError);
  });

  it('never makes a line negative and is within half a cent of the exact product', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (unit, hundredths) => {
          const cents = multiplyCents(unit, hundredths / 100);
          expect(Number.isSafeInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
          // Exact in integers: |cents * 100 - unit * hundredths| <= 50, halves up.
          const diff = cents * 100 - unit * hundredths;
          expect(diff).toBeGreaterThan(-50);
          expect(diff).toBeLessThanOrEqual(50);
          // Whole quantities are exact.
          if (hundredths % 100 === 0) expect(cents).toBe(unit * (hundredths / 100));
        },
      ),
    );
  });

  it('sums an iterable of any length', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 })), (values) => {
        expect(sumCents(values)).toBe(values.reduce((total, value) => total + value, 0));
      }),
    );
  });
});

describe('tax rates', () => {
  it.each([
    ['4.712', 47120],
    ['4.7120', 47120],
    ['4.1666', 41666],
    ['0.5', 5000],
    ['0', 0],
    ['10', 100_000],
    [' 4.5 ', 45000],
  ])('reads %j as %i rate units', (text, units) => {
    expect(parseRate(text)).toBe(units);
    expect(toRateString(units)).toBe(
      `${text.trim().split('.')[0]}.${(text.trim().split('.')[1] ?? '').padEnd(4, '0')}`,
    );
  });

  it.each(['4.71201', '-1', 'abc', '', '1e-3', '4.'])('refuses %j', (text) => {
    expect(parseRate(text)).toBeNull();
  });

  it('throws on a corrupt stored rate', () => {
    expect(() => rateOf('x')).toThrow(TypeError);
  });
});

describe('taxCents: half-up to the cent on the whole taxable amount', () => {
  it.each([
    // $10.00 at 4.7120% is 47.12 cents: down to 47.
    [1000, 47120, 47],
    // $10.61 at 4.7120% is 49.99432: up to 50.
    [1061, 47120, 50],
    // $1.00 at 0.5% is exactly half a cent: half-up makes it 1.
    [100, 5000, 1],
    // $0.99 at 0.5% is 0.495 cents: down to 0.
    [99, 5000, 0],
    // $12.00 at 4.1666% is 49.9992 cents: up to 50.
    [1200, 41666, 50],
    // $30.00 at 4.1666% is 124.998 cents: 125.
    [3000, 41666, 125],
    [0, 47120, 0],
    [123_456, 0, 0],
    // The largest order at the largest rate stays exact.
    [999_999_999_999, 100_000, 100_000_000_000],
  ])('%i cents at %i units is %i cents', (taxable, rate, expected) => {
    expect(taxCents(taxable, rate)).toBe(expected);
  });

  it('is the exact quotient rounded half-up, for any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999_999 }),
        fc.integer({ min: 0, max: 100_000 }),
        (taxable, rate) => {
          const exact = BigInt(taxable) * BigInt(rate);
          const tax = BigInt(taxCents(taxable, rate));
          // tax - 1/2 <= exact / 1e6 < tax + 1/2
          expect(tax * 2_000_000n - 1_000_000n <= exact * 2n).toBe(true);
          expect(exact * 2n < tax * 2_000_000n + 1_000_000n).toBe(true);
        },
      ),
    );
  });

  it('taxes the subtotal and the delivery fee together, rounded once', () => {
    // $10.10 + $0.90 at 0.5%: apart 5.05 + 0.45 cents would round to 5 + 0; together 5.5 is 6.
    expect(orderAmounts(1010, 90, 5000)).toEqual({
      taxableCents: 1100,
      taxCents: 6,
      totalCents: 1106,
    });
    expect(orderAmounts(1000, 500, 0)).toEqual({
      taxableCents: 1500,
      taxCents: 0,
      totalCents: 1500,
    });
  });
});
