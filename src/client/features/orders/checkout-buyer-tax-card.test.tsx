import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartActions } from '../../lib/cart';
import { setTestDate } from '../../test/clock';
import { fakeApi } from '../../test/fake-api';
import { kulaFarm, product } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CheckoutCard } from './checkout-card';

afterEach(() => {
  vi.unstubAllGlobals();
  cartActions.clear();
});

const farm = { ...kulaFarm, deliveryFee: '0.00', taxRate: '4.7120' };
const taro = product({ id: 31, name: 'Taro', price: '10.00', farm, farmId: farm.id });
const openDay = {
  deliveryDate: '2026-11-26',
  deliveryArea: 'Honolulu',
  orderBy: '2026-11-26T04:00:00.000Z',
};

describe('the checkout at the restaurant’s own GET rate', () => {
  it('taxes the farm’s order at the rate for this restaurant and says why', async () => {
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
            taxRate: '0.5000',
            taxReason: 'wholesale: certificate 14 on file',
          },
        ],
      },
      'POST /api/checkout': { orders: [] },
    });
    cartActions.add(taro, 2);
    renderInApp(<CheckoutCard />);
    const section = await screen.findByRole('region', { name: farm.name });
    expect(await within(section).findByTestId('tax-reason')).toHaveTextContent(
      'GET 0.5%: wholesale: certificate 14 on file',
    );
    // $20.00 at 0.5% is $0.10 (at the catalogue's 4.712% it would be $0.94).
    expect(within(section).getByText('$0.10')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(api.made('POST', '/api/checkout')).toHaveLength(1));
    const body = api.made('POST', '/api/checkout')[0]!.body as {
      orders: { totalAmount: string }[];
    };
    expect(body.orders[0]!.totalAmount).toBe('20.10');
  });
});
