import { describe, expect, it } from 'vitest';
import { RESTAURANT_ZONES } from '../constants';
import {
  addressForm,
  farmProfileUpdateBody,
  profileCreateBody,
  restaurantProfileUpdateBody,
} from './profile';

const valid = {
  name: 'Kahuku Greens',
  description: 'Family-run since 1978',
  location: '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
  contactPhone: '(808) 555-0101',
};

/** The message of the first issue on a field, or undefined when the field is fine. */
function fieldError(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('profileCreateBody', () => {
  it('accepts a full body and trims it', () => {
    const parsed = profileCreateBody.parse({ ...valid, name: '  Kahuku Greens ' });
    expect(parsed).toEqual(valid);
  });

  it('turns blank optional fields into null', () => {
    const parsed = profileCreateBody.parse({ ...valid, description: '  ', contactPhone: '' });
    expect(parsed.description).toBeNull();
    expect(parsed.contactPhone).toBeNull();
    const without = profileCreateBody.parse({ name: valid.name, location: valid.location });
    expect(without.description).toBeNull();
    expect(without.contactPhone).toBeNull();
  });

  it('requires a name and a location', () => {
    const result = profileCreateBody.safeParse({ description: 'x' });
    expect(result.success).toBe(false);
    expect(fieldError(result, 'name')).toBe('Required');
    expect(fieldError(result, 'location')).toBe('Required');
    expect(fieldError(profileCreateBody.safeParse({ ...valid, name: '   ' }), 'name')).toBe(
      'Required',
    );
  });

  it.each([
    ['no city', '45-123 Kamehameha Hwy, HI 96744'],
    ['a 3-letter state', '45-123 Kamehameha Hwy, Kaneohe, HAW 96744'],
    ['no ZIP', '45-123 Kamehameha Hwy, Kaneohe, HI'],
    ['a ZIP over 10 characters', '45-123 Kamehameha Hwy, Kaneohe, HI 96744-12345'],
    ['an empty street', ', Kaneohe, HI 96744'],
  ])('refuses a location with %s', (_case, location) => {
    const result = profileCreateBody.safeParse({ ...valid, location });
    expect(fieldError(result, 'location')).toBe('Use the form "street, city, ST zip"');
  });

  it('accepts a 10-character ZIP+4', () => {
    const result = profileCreateBody.safeParse({
      ...valid,
      location: '1 Main St, Hilo, HI 96720-1234',
    });
    expect(result.success).toBe(true);
  });

  it('refuses a phone of more than 10 digits or 14 characters', () => {
    expect(
      fieldError(
        profileCreateBody.safeParse({ ...valid, contactPhone: '80855501011' }),
        'contactPhone',
      ),
    ).toBe('At most 10 digits');
    expect(
      fieldError(
        profileCreateBody.safeParse({ ...valid, contactPhone: '(808) 555-0101 x' }),
        'contactPhone',
      ),
    ).toBe('At most 14 characters');
    expect(profileCreateBody.safeParse({ ...valid, contactPhone: '8085550101' }).success).toBe(
      true,
    );
  });

  it('refuses wrong types', () => {
    const result = profileCreateBody.safeParse({ ...valid, name: 42, contactPhone: 8085550101 });
    expect(fieldError(result, 'name')).toBe('Required');
    expect(fieldError(result, 'contactPhone')).toBeDefined();
  });

  it('refuses a name over 120 characters', () => {
    expect(
      fieldError(profileCreateBody.safeParse({ ...valid, name: 'x'.repeat(121) }), 'name'),
    ).toBe('At most 120 characters');
  });
});

describe('farmProfileUpdateBody', () => {
  it('normalises money strings to 2 decimals', () => {
    const parsed = farmProfileUpdateBody.parse({
      ...valid,
      deliveryFee: '5',
      orderMinimum: ' 50.5 ',
    });
    expect(parsed.deliveryFee).toBe('5.00');
    expect(parsed.orderMinimum).toBe('50.50');
  });

  it('leaves money out when not given', () => {
    const parsed = farmProfileUpdateBody.parse(valid);
    expect(parsed.deliveryFee).toBeUndefined();
    expect(parsed.orderMinimum).toBeUndefined();
  });

  it.each(['-1', 'abc', '1.234', '', '$5', '100000000000000'])(
    'refuses the amount %j',
    (amount) => {
      const result = farmProfileUpdateBody.safeParse({ ...valid, deliveryFee: amount });
      expect(fieldError(result, 'deliveryFee')).toBe('Enter an amount like 12.50');
    },
  );

  it.each(['100000.01', '10000000000'])('refuses a fee above $100,000.00: %j', (amount) => {
    const result = farmProfileUpdateBody.safeParse({ ...valid, deliveryFee: amount });
    expect(fieldError(result, 'deliveryFee')).toBe('At most $100,000.00');
    expect(farmProfileUpdateBody.parse({ ...valid, deliveryFee: '100000' }).deliveryFee).toBe(
      '100000.00',
    );
  });

  it('refuses a number where a money string belongs', () => {
    const result = farmProfileUpdateBody.safeParse({ ...valid, orderMinimum: 50 });
    expect(fieldError(result, 'orderMinimum')).toBe('Enter an amount like 12.50');
  });

  it('takes contacts, with blank ones as null and emails lowercased', () => {
    const parsed = farmProfileUpdateBody.parse({
      ...valid,
      contact1Name: 'Malia Kealoha',
      contact1Email: 'Malia@Example.com',
      contact1Phone: '(808) 555-0199',
      contact1Position: 'Owner',
      contact2Name: '',
      contact2Email: '',
      checksPayableTo: 'Kahuku Greens LLC',
    });
    expect(parsed).toMatchObject({
      contact1Name: 'Malia Kealoha',
      contact1Email: 'malia@example.com',
      contact1Phone: '(808) 555-0199',
      contact1Position: 'Owner',
      contact2Name: null,
      contact2Email: null,
      checksPayableTo: 'Kahuku Greens LLC',
    });
  });

  it('refuses a contact email that is not an email', () => {
    const result = farmProfileUpdateBody.safeParse({ ...valid, contact3Email: 'not-an-email' });
    expect(fieldError(result, 'contact3Email')).toBe('Enter a valid email address');
  });
});

describe('restaurantProfileUpdateBody', () => {
  it.each(RESTAURANT_ZONES)('accepts the zone %s', (zone) => {
    expect(restaurantProfileUpdateBody.parse({ ...valid, deliveryZone: zone }).deliveryZone).toBe(
      zone,
    );
  });

  it('takes a blank or missing zone as none', () => {
    expect(
      restaurantProfileUpdateBody.parse({ ...valid, deliveryZone: '' }).deliveryZone,
    ).toBeNull();
    expect(restaurantProfileUpdateBody.parse(valid).deliveryZone).toBeNull();
  });

  it.each([
    ['Honolulu', 'honolulu'],
    ['Pearl City', 'pearl-city'],
    ['hilo', 'hilo'],
    ['Kahului', 'kahului'],
  ])('takes the zone %j by name or slug as the slug %j', (zone, slug) => {
    expect(restaurantProfileUpdateBody.parse({ ...valid, deliveryZone: zone }).deliveryZone).toBe(
      slug,
    );
  });

  it.each(['moon', 'Oahu', 'West-Maui'])('refuses the zone %j', (zone) => {
    const result = restaurantProfileUpdateBody.safeParse({ ...valid, deliveryZone: zone });
    expect(result.success).toBe(false);
    expect(fieldError(result, 'deliveryZone')).toBeDefined();
  });

  it('ignores farm-only fields', () => {
    const parsed = restaurantProfileUpdateBody.parse({ ...valid, deliveryFee: '5.00' });
    expect(parsed).not.toHaveProperty('deliveryFee');
  });
});

describe('addressForm', () => {
  const address = { street: '1 Main St', city: 'Hilo', state: 'HI', zip: '96720' };

  it('accepts a full address', () => {
    expect(addressForm.parse(address)).toEqual(address);
  });

  it('requires every part', () => {
    const result = addressForm.safeParse({ street: ' ', city: '', state: '', zip: '' });
    for (const field of ['street', 'city', 'state', 'zip']) {
      expect(fieldError(result, field)).toBe('Required');
    }
  });

  it('limits the state to 2 characters and the ZIP to 10', () => {
    const result = addressForm.safeParse({ ...address, state: 'HAW', zip: '96720-12345' });
    expect(fieldError(result, 'state')).toBe('At most 2 characters');
    expect(fieldError(result, 'zip')).toBe('At most 10 characters');
  });
});
