import type { StandingOrder } from '#core/schemas/standing-order';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { StandingOrderDialog } from './standing-order-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const product = (id: number, name: string, price: string) => ({
  id,
  name,
  unit: 'lb',
  price,
  availableQuantity: 20,
  farmId: 7,
});

const catalog = {
  items: [product(1, 'Kale', '4.00'), product(2, 'Taro', '3.00')],
  total: 2,
  totalAll: 2,
  page: 1,
  pageSize: 100,
  farms: [{ id: 7, name: 'Windward Greens' }],
};

const standing: StandingOrder = {
  id: 5,
  farm: { id: 7, name: 'Windward Greens' },
  lines: [
    {
      productId: 1,
      product: { name: 'Kale', unit: 'lb', unitPrice: '4.00', available: true },
      quantity: 4,
      seenUnitPrice: '4.00',
    },
  ],
  weekdays: ['thu'],
  daysBefore: 3,
  paused: false,
  notes: null,
  createdAt: '2026-11-23T22:00:00.000Z',
  updatedAt: '2026-11-23T22:00:00.000Z',
  nextPlacement: null,
  upcoming: [],
};

describe('the standing order dialog', () => {
  it('says what is missing before sending anything', async () => {
    const api = fakeApi({ 'GET /api/farms': [{ id: 7, name: 'Windward Greens' }] });
    renderInApp(<StandingOrderDialog open editing={null} onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'New standing order' });
    fireEvent.click(screen.getByRole('button', { name: 'Set up standing order' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(
        expect.arrayContaining(['Choose a farm', 'Choose at least one weekday']),
      ),
    );
    expect(api.made('POST', '/api/standing-orders')).toHaveLength(0);
  });

  it('refuses a third decimal, then sends the edited lines, a weighed one to the hundredth', async () => {
    const api = fakeApi({
      'GET /api/products?farmId=7&pageSize=100&sort=name': catalog,
      'PATCH /api/standing-orders/5': { ...standing, weekdays: ['mon', 'thu'] },
    });
    const onClose = vi.fn();
    renderInApp(<StandingOrderDialog open editing={standing} onClose={onClose} />);
    await screen.findByRole('dialog', { name: 'Edit standing order with Windward Greens' });
    const taro = await screen.findByLabelText(/Taro/);
    fireEvent.change(taro, { target: { value: '1.555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Use at most two decimals')).toBeInTheDocument();
    expect(api.made('PATCH', '/api/standing-orders/5')).toHaveLength(0);

    fireEvent.change(taro, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Monday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.made('PATCH', '/api/standing-orders/5')).toHaveLength(1));
    expect(api.made('PATCH', '/api/standing-orders/5')[0]!.body).toEqual({
      lines: [
        { productId: 1, quantity: 4 },
        { productId: 2, quantity: 2.5 },
      ],
      weekdays: ['thu', 'mon'],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("puts the server's message for a line under that line's product", async () => {
    fakeApi({
      'GET /api/products?farmId=7&pageSize=100&sort=name': catalog,
      'PATCH /api/standing-orders/5': failWith(400, {
        message: 'Check the highlighted fields',
        code: 'validation',
        fields: { 'lines.1.quantity': 'At most 999 of Taro' },
      }),
    });
    renderInApp(<StandingOrderDialog open editing={standing} onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'Edit standing order with Windward Greens' });
    fireEvent.change(await screen.findByLabelText(/Taro/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('At most 999 of Taro')).toBeInTheDocument();
    expect(screen.getByLabelText(/Taro/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('picks a pack per line, and sends two packs of one product as two lines', async () => {
    const taro = {
      ...product(2, 'Taro', '3.00'),
      unit: 'bunch',
      packs: [
        {
          id: 21,
          label: 'bunch',
          size: 1,
          price: '3.00',
          minimumQuantity: null,
          estimatedWeight: null,
        },
        {
          id: 22,
          label: 'case of 24 bunches',
          size: 24,
          price: '60.00',
          minimumQuantity: null,
          estimatedWeight: null,
        },
      ],
    };
    const api = fakeApi({
      'GET /api/products?farmId=7&pageSize=100&sort=name': { ...catalog, items: [taro] },
      'PATCH /api/standing-orders/5': standing,
    });
    renderInApp(<StandingOrderDialog open editing={standing} onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'Edit standing order with Windward Greens' });
    const pack = await screen.findByRole('combobox', { name: 'Pack of Taro' });
    expect(pack).toHaveValue('21');
    fireEvent.change(pack, { target: { value: '22' } });
    expect(screen.getByText('$60.00 / case of 24 bunches')).toBeInTheDocument();
    const cases = screen.getByLabelText(/^Taro/, { selector: 'input' });
    // Part of a case is refused before anything is sent.
    fireEvent.change(cases, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Use a whole number of cases of 24 bunches'),
    ).toBeInTheDocument();
    fireEvent.change(cases, { target: { value: '2' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add another pack of Taro' }));
    fireEvent.change(screen.getByLabelText(/Taro, another pack/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.made('PATCH', '/api/standing-orders/5')).toHaveLength(1));
    expect(api.made('PATCH', '/api/standing-orders/5')[0]!.body).toEqual({
      lines: [
        { productId: 1, quantity: 4 },
        { productId: 2, packId: 22, quantity: 2 },
        { productId: 2, quantity: 5 },
      ],
    });
  });
});
