import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartBadge } from '../../components/layout/cart-badge';
import { cartActions } from '../../lib/cart';
import { product } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CartSummary } from './cart-summary';

describe('the cart summary', () => {
  beforeEach(() => {
    // jsdom has no media queries: the summary asks whether the screen is wide.
    vi.stubGlobal('matchMedia', (media: string) => ({ media, matches: false }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts lines, not pounds: 25 lb of one product is one item', () => {
    cartActions.add(
      product({ id: 7, name: 'Sweet potato', unit: 'lb', availableQuantity: 40 }),
      25,
    );
    renderInApp(
      <>
        <CartSummary />
        <CartBadge />
      </>,
    );
    expect(screen.getByText('Cart Summary (1 item)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Cart: 1 item,/ })).toBeInTheDocument();
  });
});
