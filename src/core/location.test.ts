import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeLocation, parseLocation, type AddressParts } from './location';

describe('composeLocation', () => {
  it('writes "street, city, ST zip" with trimmed parts and an uppercase state', () => {
    expect(
      composeLocation({
        street: ' 45-123 Kamehameha Hwy ',
        city: ' Kaneohe',
        state: 'hi',
        zip: '96744 ',
      }),
    ).toBe('45-123 Kamehameha Hwy, Kaneohe, HI 96744');
  });
});

describe('parseLocation', () => {
  it('splits a stored location into its parts', () => {
    expect(parseLocation('45-123 Kamehameha Hwy, Kaneohe, HI 96744')).toEqual({
      street: '45-123 Kamehameha Hwy',
      city: 'Kaneohe',
      state: 'HI',
      zip: '96744',
    });
  });

  it('keeps commas inside the street', () => {
    expect(parseLocation('Suite 4, 1200 Ala Moana Blvd, Honolulu, HI 96814-1234')).toEqual({
      street: 'Suite 4, 1200 Ala Moana Blvd',
      city: 'Honolulu',
      state: 'HI',
      zip: '96814-1234',
    });
  });

  it('puts anything it cannot read into the street', () => {
    expect(parseLocation('Somewhere on Maui')).toEqual({
      street: 'Somewhere on Maui',
      city: '',
      state: '',
      zip: '',
    });
    expect(parseLocation(null)).toEqual({ street: '', city: '', state: '', zip: '' });
    expect(parseLocation(undefined)).toEqual({ street: '', city: '', state: '', zip: '' });
  });

  it('round-trips what composeLocation writes', () => {
    const word = (chars: string, min: number, max: number) =>
      fc
        .array(fc.constantFrom(...chars.split('')), { minLength: min, maxLength: max })
        .map((letters) => letters.join(''));
    const text = (chars: string) =>
      fc.array(word(chars, 1, 10), { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const parts: fc.Arbitrary<AddressParts> = fc.record({
      street: text(`${letters}0123456789-#.,`),
      city: text(`${letters}'-`),
      state: word('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 2, 2),
      zip: word('0123456789-', 1, 10),
    });
    fc.assert(
      fc.property(parts, (address) => {
        expect(parseLocation(composeLocation(address))).toEqual(address);
      }),
    );
  });
});
