import type { OrderItem } from '#core/schemas/order';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi } from '../../test/fake-api';
import { member, order, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { RestaurantOrderCard } from './order-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

const kale: OrderItem = {
  id: 700,
  productId: 10,
  product: { name: 'Kale (Curly)', unit: 'bunch', imageUrl: null },
  quantity: 2,
  unitPrice: '4.00',
  totalPrice: '8.00',
  substitution: 'ask',
  substituteFor: null,
  substituteForName: null,
  pendingSubstitution: null,
};

const proposal = {
  id: 5,
  productId: 11,
  packId: 111,
  productName: 'Kale (Lacinato)',
  packLabel: 'case',
  quantity: 2,
  unitPrice: '20.00',
  totalPrice: '40.00',
  deadline: '2026-12-07T16:00:00.000Z',
};

describe("a line's substitution on the restaurant's order", () => {
  it('changes the preference of a pending order at once, and says so', async () => {
    const api = fakeApi({
      'PATCH /api/orders/70/items/700': order(70, 'pending', { orderItems: [kale] }),
    });
    renderInApp(<RestaurantOrderCard order={order(70, 'pending', { orderItems: [kale] })} />, {
      user: user('restaurant'),
    });
    const select = screen.getByLabelText('If unavailable (Kale (Curly))');
    expect(select).toHaveValue('ask');
    fireEvent.change(select, { target: { value: 'allow' } });
    await waitFor(() => expect(api.made('PATCH', '/api/orders/70/items/700')).toHaveLength(1));
    expect(api.made('PATCH', '/api/orders/70/items/700')[0]!.body).toEqual({
      substitution: 'allow',
    });
    expect(await screen.findByText('Kale (Curly): Allow substitutes.')).toBeInTheDocument();
  });

  it('shows why a preference was not saved', async () => {
    fakeApi({
      'PATCH /api/orders/70/items/700': failWith(409, {
        message: 'The farm has confirmed this order: ask the farm to change it.',
        code: 'invalid_transition',
      }),
    });
    renderInApp(<RestaurantOrderCard order={order(70, 'pending', { orderItems: [kale] })} />, {
      user: user('restaurant'),
    });
    fireEvent.change(screen.getByLabelText('If unavailable (Kale (Curly))'), {
      target: { value: 'never' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The farm has confirmed this order: ask the farm to change it.',
    );
  });

  it('reads the preference alone once the order is confirmed', () => {
    fakeApi({});
    renderInApp(
      <RestaurantOrderCard
        order={order(70, 'confirmed', { orderItems: [{ ...kale, substitution: 'never' }] })}
      />,
      { user: user('restaurant') },
    );
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('If unavailable: No substitute')).toBeInTheDocument();
  });

  it("accepts the farm's proposal in one click", async () => {
    const api = fakeApi({ 'POST /api/substitutions/5/decision': {} });
    renderInApp(
      <RestaurantOrderCard
        order={order(70, 'confirmed', {
          orderItems: [{ ...kale, pendingSubstitution: proposal }],
        })}
      />,
      { user: user('restaurant') },
    );
    const group = screen.getByRole('group', { name: 'Substitute for Kale (Curly)' });
    expect(
      within(group).getByText('Farm proposes: 2 cases Kale (Lacinato) · $40.00'),
    ).toBeInTheDocument();
    expect(within(group).getByText(/Answer by 6:00 AM Mon/)).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.made('POST', '/api/substitutions/5/decision')).toHaveLength(1));
    expect(api.made('POST', '/api/substitutions/5/decision')[0]!.body).toEqual({ accept: true });
    expect(await screen.findByText('Substitute accepted')).toBeInTheDocument();
  });

  it('shows the 409 of an answer that came too late', async () => {
    fakeApi({
      'POST /api/substitutions/5/decision': failWith(409, {
        message: 'This substitute was already answered.',
        code: 'substitution_decided',
      }),
    });
    renderInApp(
      <RestaurantOrderCard
        order={order(70, 'confirmed', {
          orderItems: [{ ...kale, pendingSubstitution: proposal }],
        })}
      />,
      { user: user('restaurant') },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This substitute was already answered.',
    );
  });

  it('offers no answer to a member who may not change orders', () => {
    fakeApi({});
    renderInApp(
      <RestaurantOrderCard
        order={order(70, 'confirmed', {
          orderItems: [{ ...kale, pendingSubstitution: proposal }],
        })}
      />,
      { user: member('restaurant', 'bookkeeper') },
    );
    expect(screen.getByText(/Farm proposes/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('names the line a substitute replaced, as the order carries it', () => {
    fakeApi({});
    renderInApp(
      <RestaurantOrderCard
        order={order(70, 'confirmed', {
          orderItems: [
            {
              ...kale,
              id: 701,
              productId: 11,
              product: { name: 'Kale (Lacinato)', unit: 'bunch', imageUrl: null },
              substituteFor: 700,
              substituteForName: 'Kale (Curly)',
            },
          ],
        })}
      />,
      { user: user('restaurant') },
    );
    expect(screen.getByText('Substitute for Kale (Curly)')).toBeInTheDocument();
  });
});
