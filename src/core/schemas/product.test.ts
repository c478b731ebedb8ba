import { describe, expect, it } from 'vitest';
import { productBody, productQuery, productUpdateBody } from './product';

const valid = { name: 'Kale', unit: 'bunch', price: '3.5' };

function fieldErrors(input: unknown): Record<string, string> {
  const result = productBody.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('product schema', () => {
  it('needs a name, a unit and a price; the rest has defaults', () => {
    expect(productBody.parse(valid)).toEqual({
      name: 'Kale',
      description: null,
      category: null,
      unit: 'bunch',
      price: '3.50',
      availableQuantity: 0,
      isOrganic: false,
      isActive: true,
    });
    expect(fieldErrors({})).toEqual({ name: 'Required', unit: 'Required', price: 'Required' });
    expect(fieldErrors({ name: '   ', unit: '', price: '' })).toEqual({
      name: 'Required',
      unit: 'Required',
      price: 'Required',
    });
  });

  it('takes the form’s text: blank category and quantity, quantity as digits', () => {
    expect(
      productBody.parse({ ...valid, category: '', availableQuantity: ' 12 ', description: '' }),
    ).toMatchObject({ category: null, availableQuantity: 12, description: null });
    expect(productBody.parse({ ...valid, availableQuantity: '' }).availableQuantity).toBe(0);
    expect(productBody.parse({ ...valid, availableQuantity: 7 }).availableQuantity).toBe(7);
  });

  it('refuses a negative or fractional quantity, a negative price, unknown units and categories', () => {
    for (const quantity of [-1, 1.5, '1.5', '-2', 'ten', 1_000_001]) {
      expect(
        fieldErrors({ ...valid, availableQuantity: quantity }),
        String(quantity),
      ).toHaveProperty('availableQuantity');
    }
    for (const price of ['-1', '1.234', 'free', 3]) {
      expect(fieldErrors({ ...valid, price }), String(price)).toHaveProperty('price');
    }
    expect(fieldErrors({ ...valid, unit: 'sack' })).toEqual({
      unit: 'Choose a unit from the list',
    });
    expect(fieldErrors({ ...valid, category: 'Vegetables' })).toHaveProperty('category');
    expect(productBody.parse({ ...valid, price: '0' }).price).toBe('0.00');
  });

  it('updates any subset of fields without defaults, and never the farm', () => {
    expect(productUpdateBody.parse({ price: '2' })).toEqual({ price: '2.00' });
    expect(productUpdateBody.parse({ farmId: 9, isActive: false })).toEqual({ isActive: false });
    expect(productUpdateBody.safeParse({ name: '' }).success).toBe(false);
  });

  it('reads browse parameters and refuses odd ones', () => {
    expect(
      productQuery.parse({ q: ' kale ', page: '2', pageSize: '10', farmId: '3', sort: 'price' }),
    ).toEqual({ q: 'kale', page: 2, pageSize: 10, farmId: 3, sort: 'price', limit: 500 });
    for (const query of [
      { page: '0' },
      { pageSize: '101' },
      { sort: 'random' },
      { farmId: '-1' },
      { limit: '501' },
      { cursor: '!!' },
    ]) {
      expect(productQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
