import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Minimum } from '#core/schemas/minimum';
import { cartActions } from '../../lib/cart';
import { setTestDate } from '../../test/clock';
import { fakeApi } from '../../test/fake-api';
import { kulaFarm, product } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CheckoutCard } from './checkout-card';

// The cart's progress to a farm's minimum (docs/minimums.md), in each of its three modes.

afterEach(() => {
  vi.unstubAllGlobals();
  cartActions.clear();
});

const farm = { ...kulaFarm, name: 'Hāmākua Farm', deliveryFee: '5.00', taxRate: '4.7120' };
const kalo = product({ id: 41, name: 'Kalo', price: '4.99', farm, farmId: farm.id });
const openDay = {
  deliveryDate: '2026-11-26',
  deliveryArea: 'Honolulu',
  orderBy: '2026-11-26T04:00:00.000Z',
};

/** The checkout of 3 Kalo ($14.97) from a farm with this minimum for the restaurant. */
async function checkoutUnder(minimum: Minimum) {
  setTestDate('2026-11-23T22:00:00Z');
  const api = fakeApi({
    'GET /api/farms': [farm],
    [`GET /api/delivery-schedules/next?farmIds=${farm.id}`]: {
      zone: null,
      farms: [
        {
          farmId: farm.id,
          status: 'open',
          next: openDay,
          openDays: [openDay],
          reason: null,
          cutoffRule: '6 PM the day before',
          taxRate: '4.7120',
          taxReason: null,
          hold: null,
          minimum,
        },
      ],
    },
    'POST /api/checkout': { orders: [] },
  });
  cartActions.add(kalo, 3);
  renderInApp(<CheckoutCard />);
  const section = await screen.findByRole('region', { name: farm.name });
  return { api, section };
}

function sentTotals(api: ReturnType<typeof fakeApi>): string[] {
  const body = api.made('POST', '/api/checkout')[0]!.body as {
    orders: { totalAmount: string }[];
  };
  return body.orders.map((order) => order.totalAmount);
}

describe('the checkout under a farm’s minimum', () => {
  it('adds a fee minimum’s small-order fee to the farm’s totals and sends it', async () => {
    const { api, section } = await checkoutUnder({ amount: '50.00', mode: 'fee', fee: '8.00' });
    expect(await within(section).findByTestId('minimum-progress')).toHaveTextContent(
      "$35.03 more for Hāmākua Farm's minimum",
    );
    expect(within(section).getByTestId('small-order-fee')).toHaveTextContent(
      'Small-order fee$8.00',
    );
    // (14.97 + 5.00 + 8.00) × 4.712% = $1.32, the server's figure to the cent.
    expect(within(section).getByText('$1.32')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(api.made('POST', '/api/checkout')).toHaveLength(1));
    expect(sentTotals(api)).toEqual(['29.29']);
  });

  it('stops Place Order under a block minimum and says how much more', async () => {
    const { api, section } = await checkoutUnder({ amount: '50.00', mode: 'block', fee: null });
    const message = await within(section).findByTestId('minimum-progress');
    expect(message).toHaveTextContent("$35.03 more for Hāmākua Farm's minimum");
    expect(message).toHaveTextContent('Hāmākua Farm does not take smaller orders');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    expect(within(section).queryByTestId('small-order-fee')).toBeNull();
    expect(api.made('POST', '/api/checkout')).toHaveLength(0);
  });

  it('asks as before under a warn minimum, then places at the usual total', async () => {
    const { api, section } = await checkoutUnder({ amount: '50.00', mode: 'warn', fee: null });
    expect(await within(section).findByTestId('minimum-progress')).toHaveTextContent(
      "$35.03 more for Hāmākua Farm's minimum",
    );
    const user = userEvent.setup();
    const place = screen.getByRole('button', { name: 'Place Order' });
    expect(place).toBeEnabled();
    await user.click(place);
    await user.click(await screen.findByRole('button', { name: 'Proceed Anyway' }));
    await waitFor(() => expect(api.made('POST', '/api/checkout')).toHaveLength(1));
    // 14.97 + 5.00 + GET 0.94 (on 19.97): no fee.
    expect(sentTotals(api)).toEqual(['20.91']);
  });
});
