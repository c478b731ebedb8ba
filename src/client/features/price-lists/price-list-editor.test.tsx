import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceList } from '#core/schemas/price-list';
import { fakeApi } from '../../test/fake-api';
import { product } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { PriceListEditor } from './price-list-editor';

afterEach(() => {
  vi.unstubAllGlobals();
});

const kale = product({ id: 4, name: 'Kale', unit: 'bunch', price: '4.00' });
const taro = product({ id: 7, name: 'Taro', unit: 'lb', price: '2.50' });
const PRODUCTS = 'GET /api/products/farm?limit=500';

const saved = (body: unknown): PriceList => ({
  id: 5,
  restaurants: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...(body as Omit<PriceList, 'id' | 'restaurants' | 'createdAt' | 'updatedAt'>),
});

describe('the price list editor', () => {
  it("says a product's wrong price under that product, then sends the prices typed", async () => {
    const api = fakeApi({
      [PRODUCTS]: [kale, taro],
      'POST /api/price-lists': ({ body }: { body: unknown }) => saved(body),
    });
    renderInApp(<PriceListEditor list={null} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'New price list' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Chefs' } });
    fireEvent.click(within(dialog).getByLabelText('Your own price for each product'));
    const taroPrice = await within(dialog).findByLabelText('Price of Taro');
    fireEvent.change(taroPrice, { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save price list' }));
    await waitFor(() => expect(taroPrice).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByLabelText('Price of Kale')).toHaveAttribute('aria-invalid', 'false');
    expect(api.made('POST', '/api/price-lists')).toHaveLength(0);

    fireEvent.change(taroPrice, { target: { value: '2.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save price list' }));
    await waitFor(() => expect(api.made('POST', '/api/price-lists')).toHaveLength(1));
    expect(api.made('POST', '/api/price-lists')[0]!.body).toEqual({
      name: 'Chefs',
      kind: 'prices',
      percentOff: null,
      prices: [{ productId: 7, price: '2.25' }],
      breaks: [],
    });
  });

  it('removes a break from the middle and keeps the others as typed', async () => {
    const list = saved({
      name: "Chef's table",
      kind: 'percent',
      percentOff: '10.00',
      prices: [],
      breaks: [
        { productId: 4, minQuantity: 5, price: '3.50' },
        { productId: 7, minQuantity: 10, price: '2.00' },
        { productId: 7, minQuantity: 20, price: '1.80' },
      ],
    });
    const api = fakeApi({
      [PRODUCTS]: [kale, taro],
      'PUT /api/price-lists/5': ({ body }: { body: unknown }) => saved(body),
    });
    renderInApp(<PriceListEditor list={list} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: "Edit Chef's table" });
    await within(dialog).findAllByRole('option', { name: 'Taro (lb)' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove break 2' }));
    await waitFor(() => expect(within(dialog).getAllByLabelText('Price each')).toHaveLength(2));
    const prices = within(dialog).getAllByLabelText('Price each');
    expect(prices.map((input) => (input as HTMLInputElement).value)).toEqual(['3.50', '1.80']);
    expect(
      within(dialog)
        .getAllByLabelText('Product')
        .map((select) => (select as HTMLSelectElement).value),
    ).toEqual(['4', '7']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add break' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save price list' }));
    await waitFor(() =>
      expect(within(dialog).getAllByLabelText('Product')[2]).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove break 3' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save price list' }));
    await waitFor(() => expect(api.made('PUT', '/api/price-lists/5')).toHaveLength(1));
    expect(api.made('PUT', '/api/price-lists/5')[0]!.body).toEqual({
      name: "Chef's table",
      kind: 'percent',
      percentOff: '10.00',
      prices: [],
      breaks: [
        { productId: 4, minQuantity: 5, price: '3.50' },
        { productId: 7, minQuantity: 20, price: '1.80' },
      ],
    });
  });
});
