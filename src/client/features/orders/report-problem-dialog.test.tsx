import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '#core/schemas/order';
import { fakeApi } from '../../test/fake-api';
import { member, order } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { RestaurantOrderCard } from './order-card';
import { claimFromDrafts } from './report-problem-dialog';

const line = (id: number, name: string, unit: string, quantity: number) =>
  ({
    id,
    productId: id,
    product: { name, unit },
    quantity,
    unitPrice: '2.00',
    totalPrice: '2.00',
  }) as Order['orderItems'][number];

const delivered = order(61, 'delivered', {
  orderItems: [line(1, 'Tomatoes', 'lb', 2.5), line(2, 'Eggs', 'dozen', 4)],
});
const draft = (chosen: boolean, quantity: string) => ({
  chosen,
  kind: 'damaged' as const,
  quantity,
  note: '',
});

describe('claimFromDrafts', () => {
  it('sends the chosen lines only', () => {
    expect(claimFromDrafts(delivered, [draft(false, ''), draft(true, '2')])).toEqual({
      body: { lines: [{ itemId: 2, kind: 'damaged', quantity: 2, note: '' }] },
    });
  });

  it('says what is wrong under the line, as the server would', () => {
    expect(claimFromDrafts(delivered, [draft(false, ''), draft(false, '')])).toEqual({
      problems: { lines: 'Choose at least one line with a problem' },
    });
    const result = claimFromDrafts(delivered, [draft(true, '1.125'), draft(true, '5')]);
    expect(result).toEqual({
      problems: {
        '0.quantity': 'Use at most two decimals',
        '1.quantity': 'At most 4 dozen: what was delivered',
      },
    });
    expect(claimFromDrafts(delivered, [draft(true, '-1'), draft(true, '0.5')])).toEqual({
      problems: {
        '0.quantity': 'Enter how much, more than 0',
        '1.quantity': 'Use a whole number for dozen',
      },
    });
  });
});

describe('Report a problem on My Orders', () => {
  it('is on a delivered order for a buyer, not before delivery, and checks before sending', async () => {
    fakeApi({});
    renderInApp(
      <>
        <RestaurantOrderCard order={delivered} />
        <RestaurantOrderCard order={order(62, 'in_transit')} />
      </>,
      { user: member('restaurant', 'buyer') },
    );
    expect(screen.getAllByRole('button', { name: 'Report a problem' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with order #61' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to the farm' }));
    // The form's check runs as the form is sent (react-hook-form): the message follows it.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose at least one line with a problem',
    );
  });

  it("is not offered once the farm's window has closed", () => {
    fakeApi({});
    renderInApp(<RestaurantOrderCard order={{ ...delivered, claimsOpenUntil: '2020-01-03' }} />, {
      user: member('restaurant', 'owner'),
    });
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it('is not offered to a bookkeeper', () => {
    fakeApi({});
    renderInApp(<RestaurantOrderCard order={delivered} />, {
      user: member('restaurant', 'bookkeeper'),
    });
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });
});
