import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceList } from '#core/schemas/price-list';
import { fakeApi, failWith } from '../../test/fake-api';
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

  it('prices a case on a row of its own under its product, and sends its breaks by pack', async () => {
    const okra = product({
      id: 9,
      name: 'Okra',
      unit: 'bunch',
      price: '3.00',
      packs: [
        {
          id: 90,
          label: 'bunch',
          size: 1,
          price: '3.00',
          minimumQuantity: null,
          estimatedWeight: null,
        },
        {
          id: 91,
          label: 'case of 24 bunches',
          size: 24,
          price: '60.00',
          minimumQuantity: null,
          estimatedWeight: null,
        },
      ],
    });
    const list = saved({
      name: 'Cases',
      kind: 'prices',
      percentOff: null,
      prices: [{ productId: 9, packId: 91, price: '50.00' }],
      breaks: [{ productId: 9, packId: 91, minQuantity: 5, price: '45.00' }],
    });
    const api = fakeApi({
      [PRODUCTS]: [kale, okra],
      'PUT /api/price-lists/5': ({ body }: { body: unknown }) => saved(body),
    });
    renderInApp(<PriceListEditor list={list} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Cases' });
    const casePrice = await within(dialog).findByLabelText('Price of Okra, case of 24 bunches');
    expect(casePrice).toHaveValue('50.00');
    expect(casePrice).toHaveAttribute('placeholder', '60.00');
    // Kale sells one pack only: no row of packs under it.
    expect(within(dialog).queryByLabelText(/^Price of Kale, /)).toBeNull();
    expect(within(dialog).getByLabelText('Price of Okra')).toHaveValue('');
    await within(dialog).findAllByRole('option', { name: 'Okra (case of 24 bunches)' });
    expect(within(dialog).getByLabelText('Product')).toHaveValue('9:91');
    expect(within(dialog).getByLabelText('From (cases of 24 bunches)')).toHaveValue('5');

    fireEvent.change(within(dialog).getByLabelText('Price of Okra'), { target: { value: '2.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save price list' }));
    await waitFor(() => expect(api.made('PUT', '/api/price-lists/5')).toHaveLength(1));
    expect(api.made('PUT', '/api/price-lists/5')[0]!.body).toEqual({
      name: 'Cases',
      kind: 'prices',
      percentOff: null,
      prices: [
        { productId: 9, price: '2.50' },
        { productId: 9, packId: 91, price: '50.00' },
      ],
      breaks: [{ productId: 9, packId: 91, minQuantity: 5, price: '45.00' }],
    });
  });

  it("says the server's word on a pack's price under that pack's row", async () => {
    const okra = product({
      id: 9,
      name: 'Okra',
      unit: 'bunch',
      packs: [
        {
          id: 90,
          label: 'bunch',
          size: 1,
          price: '3.00',
          minimumQuantity: null,
          estimatedWeight: null,
        },
        {
          id: 91,
          label: 'case',
          size: 24,
          price: '60.00',
          minimumQuantity: null,
          estimatedWeight: null,
        },
      ],
    });
    fakeApi({
      [PRODUCTS]: [okra],
      'POST /api/price-lists': failWith(400, {
        message: 'Not a pack of this product',
        code: 'bad_request',
        fields: { 'prices.0.packId': 'Not a pack of this product' },
      }),
    });
    renderInApp(<PriceListEditor list={null} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'New price list' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Cases' } });
    fireEvent.click(within(dialog).getByLabelText('Your own price for each product'));
    const casePrice = await within(dialog).findByLabelText('Price of Okra, case');
    fireEvent.change(casePrice, { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save price list' }));
    await waitFor(() => expect(casePrice).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByLabelText('Price of Okra')).toHaveAttribute('aria-invalid', 'false');
  });
});
