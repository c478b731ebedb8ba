import type { Minimum } from '#core/schemas/minimum';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartBadge } from '../../components/layout/cart-badge';
import { cartActions } from '../../lib/cart';
import { fakeApi } from '../../test/fake-api';
import { kulaFarm, product } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CartSummary } from './cart-summary';

/** The next-delivery answer for Kula's items, with the minimum that applies to the restaurant. */
function nextDeliveries(minimum: Minimum | null) {
  return {
    [`GET /api/delivery-schedules/next?farmIds=${kulaFarm.id}`]: {
      zone: null,
      farms: [
        {
          farmId: kulaFarm.id,
          status: 'open',
          next: null,
          openDays: [],
          reason: null,
          cutoffRule: '6 PM the day before',
          hold: null,
          minimum,
        },
      ],
    },
  };
}

/** 4 lb at $3.50: a $14.00 subtotal with Kula. */
function renderWithFourPounds() {
  cartActions.add(product({ id: 7, name: 'Sweet potato', unit: 'lb', availableQuantity: 40 }), 4);
  renderInApp(<CartSummary />);
  return screen.getByRole('complementary', { name: 'Cart summary' });
}

describe('the cart summary', () => {
  beforeEach(() => {
    // jsdom has no media queries: the summary asks whether the screen is wide.
    vi.stubGlobal('matchMedia', (media: string) => ({ media, matches: false }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts lines, not pounds: 25 lb of one product is one item', () => {
    fakeApi(nextDeliveries(null));
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

  it("tells how far the farm's part is from a minimum that refuses smaller orders", async () => {
    fakeApi(nextDeliveries({ amount: '50.00', mode: 'block', fee: null }));
    const summary = renderWithFourPounds();
    expect(await within(summary).findByTestId('minimum-progress')).toHaveTextContent(
      `$36.00 more for ${kulaFarm.name}'s minimum: ${kulaFarm.name} does not take smaller orders.`,
    );
  });

  it('names the small-order fee under a fee minimum', async () => {
    fakeApi(nextDeliveries({ amount: '20.00', mode: 'fee', fee: '8.00' }));
    const summary = renderWithFourPounds();
    expect(await within(summary).findByTestId('minimum-progress')).toHaveTextContent(
      `$6.00 more for ${kulaFarm.name}'s minimum (until then, a small-order fee of $8.00)`,
    );
  });

  it('only tells under a warn minimum, and says nothing once the cart reaches it', async () => {
    const api = fakeApi(nextDeliveries({ amount: '15.00', mode: 'warn', fee: null }));
    const summary = renderWithFourPounds();
    expect(await within(summary).findByTestId('minimum-progress')).toHaveTextContent(
      `$1.00 more for ${kulaFarm.name}'s minimum`,
    );
    // The same read as the checkout's: one question for the cart's farms.
    expect(api.made('GET', `/api/delivery-schedules/next?farmIds=${kulaFarm.id}`)).toHaveLength(1);
    cartActions.add(product({ id: 8, name: 'Kalo', unit: 'lb', availableQuantity: 40 }), 1);
    expect(await within(summary).findByText('Cart Summary (2 items)')).toBeInTheDocument();
    expect(within(summary).queryByTestId('minimum-progress')).not.toBeInTheDocument();
  });
});
