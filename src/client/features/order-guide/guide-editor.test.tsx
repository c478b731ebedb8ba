import type { ProductPage } from '#core/schemas/product';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, failWith } from '../../test/fake-api';
import { product, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import type { GuideItem, OrderGuide } from './api';
import { OrderGuidePage } from './order-guide-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const noPars = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };
const kula = { id: 1, name: 'Kula Greens' };

const item = (productId: number, packId: number, name: string, thu: number): GuideItem => ({
  productId,
  packId,
  pars: { ...noPars, thu },
  substitution: 'ask',
  product: { name, unit: 'lb', category: 'vegetables', available: true, farm: kula },
  pack: { label: 'lb', size: 1 },
});

const guide: OrderGuide = {
  saved: true,
  updatedAt: '2026-11-30T08:00:00.000Z',
  sections: [
    { name: 'Walk-in', items: [item(11, 111, 'Kale', 6), item(12, 121, 'Taro', 10)] },
    { name: 'Dry store', items: [item(21, 211, 'Macadamia nuts', 4)] },
  ],
};

const search: ProductPage = {
  items: [
    product({
      id: 41,
      name: 'Lilikoi',
      unit: 'each',
      price: '0.80',
      packs: [
        {
          id: 410,
          label: 'each',
          size: 1,
          price: '0.80',
          minimumQuantity: null,
          estimatedWeight: null,
        },
        {
          id: 411,
          label: 'flat of 30',
          size: 30,
          price: '21.00',
          minimumQuantity: null,
          estimatedWeight: null,
        },
      ],
    }),
  ],
  total: 1,
  totalAll: 1,
  page: 1,
  pageSize: 24,
  farms: [],
  hiddenByZone: 0,
};

const routes = {
  'GET /api/auth/user': user('restaurant'),
  'GET /api/order-guide': guide,
  'GET /api/delivery-schedules/next?farmIds=1': { zone: null, farms: [] },
  'GET /api/products?page=1&pageSize=24&q=lili&sort=relevance&deliversToMyZone=true': search,
};

async function openEditor() {
  renderInApp(<OrderGuidePage />, { user: user('restaurant'), route: '/restaurant/order-guide' });
  const typing = userEvent.setup();
  await typing.click(await screen.findByRole('button', { name: 'Edit guide' }));
  await screen.findByRole('heading', { name: 'Edit guide' });
  return typing;
}

const section = (name: string) => screen.getByRole('region', { name: `Section ${name}` });

describe('editing the order guide', () => {
  it('changes pars, moves, removes with Undo, adds a product and saves the whole guide', async () => {
    const api = fakeApi({ ...routes, 'PUT /api/order-guide': guide });
    const typing = await openEditor();

    const thursday = screen.getByRole('textbox', { name: 'Thursday par of Kale' });
    await typing.clear(thursday);
    await typing.type(thursday, '8');
    await typing.selectOptions(
      screen.getByRole('combobox', { name: 'Substitution for Kale' }),
      'never',
    );

    // Up from the top of the dry store is the end of the walk-in.
    await typing.click(screen.getByRole('button', { name: 'Move Macadamia nuts up' }));
    expect(within(section('Walk-in')).getByText('Macadamia nuts')).toBeInTheDocument();

    await typing.click(screen.getByRole('button', { name: 'Remove Taro' }));
    expect(screen.queryByText('Taro')).not.toBeInTheDocument();
    await typing.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(within(section('Walk-in')).getByText('Taro')).toBeInTheDocument();

    const walkInName = within(section('Walk-in')).getByRole('textbox', { name: 'Section name' });
    await typing.clear(walkInName);
    await typing.type(walkInName, 'Cooler');
    await typing.type(screen.getByRole('searchbox', { name: 'Search the catalogue' }), 'lili');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await typing.selectOptions(
      within(results).getByRole('combobox', { name: 'Pack of Lilikoi from Kula Greens' }),
      '411',
    );
    await typing.selectOptions(
      screen.getByRole('combobox', { name: 'Add to section' }),
      'Dry store',
    );
    await typing.click(
      within(results).getByRole('button', { name: 'Add Lilikoi from Kula Greens' }),
    );
    expect(within(section('Dry store')).getByText('Lilikoi')).toBeInTheDocument();
    expect(
      within(results).getByRole('button', { name: 'Lilikoi from Kula Greens is in the guide' }),
    ).toBeDisabled();

    await typing.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.made('PUT', '/api/order-guide')).toHaveLength(1));
    expect(api.made('PUT', '/api/order-guide')[0]!.body).toEqual({
      sections: [
        {
          name: 'Cooler',
          items: [
            { productId: 11, packId: 111, pars: { ...noPars, thu: 8 }, substitution: 'never' },
            { productId: 12, packId: 121, pars: { ...noPars, thu: 10 }, substitution: 'ask' },
            { productId: 21, packId: 211, pars: { ...noPars, thu: 4 }, substitution: 'ask' },
          ],
        },
        {
          name: 'Dry store',
          items: [{ productId: 41, packId: 411, pars: noPars, substitution: 'ask' }],
        },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Edit guide' })).toBeInTheDocument();
  });

  it('shows the server’s field errors next to their fields, and sends nothing it can tell is wrong', async () => {
    const api = fakeApi({
      ...routes,
      'PUT /api/order-guide': failWith(400, {
        message: 'Check the highlighted fields',
        code: 'validation',
        fields: {
          'sections.0.items.1.packId': 'This pack is not sold with Taro',
          'sections.1.name': 'Use another name',
        },
      }),
    });
    const typing = await openEditor();

    // A par the server would refuse is caught first.
    const monday = screen.getByRole('textbox', { name: 'Monday par of Taro' });
    await typing.type(monday, '12345');
    await typing.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Monday: At most 9999')).toBeInTheDocument();
    expect(api.made('PUT', '/api/order-guide')).toHaveLength(0);

    await typing.clear(monday);
    await typing.type(monday, '3');
    await typing.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.made('PUT', '/api/order-guide')).toHaveLength(1));

    const taro = within(section('Walk-in')).getByText('Taro').closest('li')!;
    expect(await within(taro).findByText('This pack is not sold with Taro')).toBeInTheDocument();
    const dryStoreName = within(section('Dry store')).getByRole('textbox', {
      name: 'Section name',
    });
    expect(dryStoreName).toHaveAttribute('aria-invalid', 'true');
    expect(dryStoreName).toHaveAccessibleDescription('Use another name');
    // Still editing, with the changes kept.
    expect(monday).toHaveValue('3');
  });

  it('asks before leaving with changes not saved', async () => {
    fakeApi(routes);
    const typing = await openEditor();
    await typing.click(screen.getByRole('button', { name: 'Remove section Dry store' }));
    await typing.click(screen.getByRole('button', { name: 'Cancel' }));

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await typing.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('heading', { name: 'Edit guide' })).toBeInTheDocument();

    await typing.click(screen.getByRole('button', { name: 'Cancel' }));
    await typing.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }),
    );
    // Back to counting, the guide as it was saved.
    expect(await screen.findByRole('heading', { name: /Dry store/ })).toBeInTheDocument();
  });
});
