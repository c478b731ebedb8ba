import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, PHONE_MAX_DIGITS, PHONE_MAX_LENGTH } from './phone';

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['abc', ''],
    ['8', '(8'],
    ['808', '(808'],
    ['8085', '(808) 5'],
    ['808555', '(808) 555'],
    ['8085550', '(808) 555-0'],
    ['8085550101', '(808) 555-0101'],
    ['80855501019999', '(808) 555-0101'],
    ['(808) 555-0101', '(808) 555-0101'],
    ['808.555.0101', '(808) 555-0101'],
  ])('formats %j as %j', (input, output) => {
    expect(formatPhone(input)).toBe(output);
  });

  it('keeps the digits, at most 10, and never exceeds 14 characters', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const formatted = formatPhone(input);
        const digits = input.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
        expect(formatted.replace(/\D/g, '')).toBe(digits);
        expect(formatted.length).toBeLessThanOrEqual(PHONE_MAX_LENGTH);
      }),
    );
  });

  it('is stable when applied again, as it is on every keystroke', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const once = formatPhone(input);
        expect(formatPhone(once)).toBe(once);
      }),
    );
  });
});
