import { CART_STORAGE_KEY } from '#core/constants';
import { parseStoredCart } from '#core/cart';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartActions, useCart } from '../../lib/cart';
import { setTestDate } from '../../test/clock';
import { fakeApi } from '../../test/fake-api';
import { kulaFarm, product } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CheckoutCard } from './checkout-card';

const ginger = product({ id: 12, name: 'Ginger', unit: 'lb', availableQuantity: 8 });

function Preference() {
  return <output aria-label="Kept">{useCart().items[0]?.substitution ?? 'none'}</output>;
}

beforeEach(() => {
  setTestDate('2026-11-20T18:00:00Z');
  fakeApi({ 'GET /api/farms': [kulaFarm] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a cart line's preference should the farm be unable to fill it", () => {
  it('asks first unless chosen, and the cart keeps the choice', () => {
    cartActions.add(ginger, 2);
    renderInApp(
      <>
        <CheckoutCard />
        <Preference />
      </>,
    );
    const select = screen.getByLabelText('If unavailable (Ginger)');
    expect(select).toHaveValue('ask');
    expect(Array.from(select.querySelectorAll('option'), (option) => option.textContent)).toEqual([
      'Allow substitutes',
      'Ask me first',
      'No substitute',
    ]);
    fireEvent.change(select, { target: { value: 'allow' } });
    expect(screen.getByLabelText('Kept')).toHaveTextContent('allow');
    expect(parseStoredCart(localStorage.getItem(CART_STORAGE_KEY))?.[0]?.substitution).toBe(
      'allow',
    );
  });

  it('reads a stored line with a preference, and one kept before there were any', () => {
    cartActions.add(ginger, 2);
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as object[];
    expect(parseStoredCart(JSON.stringify(stored))?.[0]?.substitution).toBeUndefined();
    const withChoice = stored.map((line) => ({ ...line, substitution: 'never' }));
    expect(parseStoredCart(JSON.stringify(withChoice))?.[0]?.substitution).toBe('never');
    // A preference the app never wrote is a cart that cannot be read, as any other bad field.
    const broken = stored.map((line) => ({ ...line, substitution: 'sometimes' }));
    expect(parseStoredCart(JSON.stringify(broken))).toBeNull();
  });
});
