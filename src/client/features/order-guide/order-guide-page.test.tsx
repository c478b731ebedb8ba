import { parseStoredCart } from '#core/cart';
import { CART_STORAGE_KEY } from '#core/constants';
import type { Product, ProductPage } from '#core/schemas/product';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, failWith } from '../../test/fake-api';
import { member, product, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import type { FillResult, GuideItem, OrderGuide } from './api';
import { OrderGuidePage } from './order-guide-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const kula = { id: 1, name: 'Kula Greens' };
const hilo = { id: 2, name: 'Hilo Orchards' };
const noPars = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };

function item(
  productId: number,
  packId: number,
  name: string,
  unit: string,
  pack: { label: string; size: number },
  farm: { id: number; name: string },
  thu: number,
): GuideItem {
  return {
    productId,
    packId,
    pars: { ...noPars, mon: 2, thu },
    substitution: 'ask',
    product: { name, unit, category: 'vegetables', available: true, farm },
    pack,
  };
}

const kale = item(11, 111, 'Kale', 'bunch', { label: 'case of 24 bunches', size: 24 }, kula, 6);
const taro = item(12, 121, 'Taro', 'lb', { label: 'lb', size: 1 }, kula, 10);
const nuts = item(21, 211, 'Macadamia nuts', 'lb', { label: 'lb', size: 1 }, hilo, 4);

const savedGuide: OrderGuide = {
  saved: true,
  updatedAt: '2026-11-30T08:00:00.000Z',
  sections: [
    { name: 'Walk-in', items: [kale, taro] },
    { name: 'Dry store', items: [nuts] },
  ],
};

/** Both farms deliver next on Thursday, Dec 3 2026. */
const nextDeliveries = {
  zone: null,
  farms: [1, 2, 3].map((farmId) => ({
    farmId,
    status: 'open',
    next: { deliveryDate: '2026-12-03', deliveryArea: 'Honolulu', orderBy: '2026-12-03T04:00:00Z' },
    openDays: [],
    reason: null,
    cutoffRule: '6 PM the day before',
  })),
};

const pack = (id: number, label: string, size: number, price: string) => ({
  id,
  label,
  size,
  price,
  minimumQuantity: null,
  estimatedWeight: null,
});

const farm = (summary: { id: number; name: string }) => ({
  ...summary,
  deliveryFee: '5.00',
  orderMinimum: '0.00',
});

const catalogKale = product({
  id: 11,
  name: 'Kale',
  unit: 'bunch',
  price: '2.00',
  availableQuantity: 480,
  farmId: 1,
  farm: farm(kula),
  packs: [pack(110, 'bunch', 1, '2.00'), pack(111, 'case of 24 bunches', 24, '40.00')],
});
const catalogTaro = product({
  id: 12,
  name: 'Taro',
  unit: 'lb',
  price: '3.00',
  availableQuantity: 100,
  farmId: 1,
  farm: farm(kula),
  packs: [pack(121, 'lb', 1, '3.00')],
});
const catalogWaimeaNuts = product({
  id: 31,
  name: 'Macadamia Nuts',
  unit: 'lb',
  price: '9.50',
  availableQuantity: 20,
  farmId: 3,
  farm: farm({ id: 3, name: 'Waimea Nuts' }),
  packs: [pack(311, 'lb', 1, '9.50')],
});

const page = (items: Product[]): ProductPage => ({
  items,
  total: items.length,
  totalAll: items.length,
  page: 1,
  pageSize: 100,
  farms: [],
  hiddenByZone: 0,
});

const fillLine = (
  guideItem: GuideItem,
  quantity: number,
  unitPrice: string,
): FillResult['lines'][number] => ({
  productId: guideItem.productId,
  packId: guideItem.packId,
  farmId: guideItem.product.farm.id,
  deliveryDate: '2026-12-03',
  quantity,
  unitPrice,
  product: { name: guideItem.product.name, unit: guideItem.product.unit },
  pack: guideItem.pack,
  farm: guideItem.product.farm,
});

const baseRoutes = {
  'GET /api/auth/user': user('restaurant'),
  'GET /api/order-guide': savedGuide,
  'GET /api/delivery-schedules/next?farmIds=1,2': nextDeliveries,
  'GET /api/products?farmId=1&page=1&pageSize=100&sort=name': page([catalogKale, catalogTaro]),
  'GET /api/products?farmId=3&page=1&pageSize=100&sort=name': page([catalogWaimeaNuts]),
};

const storedCart = () => parseStoredCart(localStorage.getItem(CART_STORAGE_KEY)) ?? [];

const onHandBox = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^On hand, ${name}( |,|$)`) });

function renderPage(signedIn = user('restaurant')) {
  return renderInApp(<OrderGuidePage />, { user: signedIn, route: '/restaurant/order-guide' });
}

describe('counting the walk-in', () => {
  it('shows each par for the farm’s next delivery day, and Enter walks from box to box to Fill to par', async () => {
    fakeApi(baseRoutes);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order guide' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: /Walk-in/ });
    // Thursday's pars: 6 cases of kale, 10 lb of taro, 4 lb of nuts.
    const kaleRow = onHandBox('Kale from Kula Greens, in cases of 24 bunches').closest('li')!;
    await waitFor(() => expect(kaleRow).toHaveTextContent('Par 6 for Thu'));
    expect(onHandBox('Kale')).toHaveAttribute('inputmode', 'numeric');

    const typing = userEvent.setup();
    await typing.click(onHandBox('Kale'));
    await typing.keyboard('2{Enter}');
    expect(onHandBox('Taro')).toHaveFocus();
    expect(kaleRow).toHaveTextContent('order 4');
    await typing.keyboard('3{Enter}');
    // Across the section: from the walk-in's last box to the dry store's.
    expect(onHandBox('Macadamia nuts')).toHaveFocus();
    await typing.keyboard('1{Enter}');
    expect(screen.getByRole('button', { name: 'Fill to par' })).toHaveFocus();
    expect(screen.getByText('3 of 3 counted')).toBeInTheDocument();
  });

  it('keeps the counts through a reload of the page', async () => {
    fakeApi(baseRoutes);
    const first = renderPage();
    const typing = userEvent.setup();
    await typing.type(await screen.findByRole('textbox', { name: /On hand, Taro / }), '7');
    first.unmount();

    renderPage();
    expect(await screen.findByRole('textbox', { name: /On hand, Taro / })).toHaveValue('7');
  });

  it('says what is wrong with a count before filling', async () => {
    const api = fakeApi(baseRoutes);
    renderPage();
    const typing = userEvent.setup();
    await typing.type(await screen.findByRole('textbox', { name: /On hand, Kale / }), '1.5');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number');
    await typing.click(screen.getByRole('button', { name: 'Fill to par' }));
    expect(onHandBox('Kale')).toHaveFocus();
    expect(api.made('POST', '/api/order-guide/fill')).toHaveLength(0);
  });
});

describe('filling to par', () => {
  it('sends the counts, puts each line into the cart in its pack, and leads to checkout', async () => {
    const api = fakeApi({
      ...baseRoutes,
      'POST /api/order-guide/fill': {
        lines: [fillLine(kale, 4, '40.00'), fillLine(taro, 7, '3.00')],
        unfilled: [
          {
            productId: nuts.productId,
            packId: nuts.packId,
            reason: 'not_counted',
            message: 'Not counted',
            alternatives: [],
          },
        ],
      } satisfies FillResult,
    });
    renderPage();
    const typing = userEvent.setup();
    await typing.type(await screen.findByRole('textbox', { name: /On hand, Kale / }), '2');
    await typing.type(onHandBox('Taro'), '3{Enter}');
    await typing.click(screen.getByRole('button', { name: 'Fill to par' }));

    expect(
      await screen.findByRole('heading', { name: '2 lines added to your cart' }),
    ).toHaveFocus();
    expect(api.made('POST', '/api/order-guide/fill')[0]!.body).toEqual({
      onHand: [
        { productId: 11, packId: 111, quantity: 2 },
        { productId: 12, packId: 121, quantity: 3 },
      ],
    });
    expect(
      storedCart().map((line) => [line.id, line.packId, line.quantity, line.pricePerUnit]),
    ).toEqual([
      [11, 111, 4, '40.00'],
      [12, 121, 7, '3.00'],
    ]);
    const summary = screen.getByRole('region', { name: '2 lines added to your cart' });
    expect(summary).toHaveTextContent('Kula Greens · Thu, Dec 3: 2 lines added');
    expect(summary).toHaveTextContent('4 cases of 24 bunches Kale');
    expect(screen.getByText('Not counted: 1 item')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to checkout' })).toHaveAttribute(
      'href',
      '/restaurant/orders',
    );
    // The counts went into the fill: the next count starts from empty boxes.
    expect(sessionStorage.length).toBe(0);
    await typing.click(screen.getByRole('button', { name: 'Back to the guide' }));
    expect(await screen.findByRole('textbox', { name: /On hand, Kale / })).toHaveValue('');
  });

  it('tells what was not filled, and adds another farm’s product instead of what is short', async () => {
    fakeApi({
      ...baseRoutes,
      'POST /api/order-guide/fill': {
        lines: [fillLine(nuts, 1, '9.00')],
        unfilled: [
          {
            productId: nuts.productId,
            packId: nuts.packId,
            reason: 'short_stock',
            message: 'Hilo Orchards has 3 lb too few of Macadamia nuts.',
            alternatives: [
              {
                productId: 31,
                packId: 311,
                farmId: 3,
                farmName: 'Waimea Nuts',
                name: 'Macadamia Nuts',
                pack: { label: 'lb', size: 1 },
                unitPrice: '9.50',
                availableQuantity: 20,
                deliveryDate: '2026-12-03',
              },
            ],
          },
          {
            productId: taro.productId,
            packId: taro.packId,
            reason: 'no_delivery_day',
            message: 'Kula Greens has no delivery day open for your zone.',
            alternatives: [],
          },
        ],
      } satisfies FillResult,
      'GET /api/products?farmId=2&page=1&pageSize=100&sort=name': page([
        product({
          id: 21,
          name: 'Macadamia nuts',
          unit: 'lb',
          price: '9.00',
          availableQuantity: 1,
          farmId: 2,
          farm: farm(hilo),
          packs: [pack(211, 'lb', 1, '9.00')],
        }),
      ]),
    });
    renderPage();
    const typing = userEvent.setup();
    await typing.type(await screen.findByRole('textbox', { name: /On hand, Taro / }), '0');
    await typing.type(onHandBox('Macadamia nuts'), '0');
    await typing.click(screen.getByRole('button', { name: 'Fill to par' }));

    const notFilled = await screen.findByRole('region', { name: 'Not filled (2)' });
    // The product's name is put before a message that does not say it.
    expect(notFilled).toHaveTextContent(/^Not filled \(2\)Hilo Orchards has 3 lb too few/);
    expect(notFilled).toHaveTextContent(
      'Taro: Kula Greens has no delivery day open for your zone.',
    );
    // Thursday's par is 4 lb, none on hand and 1 lb from Hilo: 3 lb from Waimea.
    const instead = within(notFilled).getByRole('list', { name: 'Instead of Macadamia nuts' });
    expect(instead).toHaveTextContent('3 lb Macadamia Nuts from Waimea Nuts');
    expect(instead).toHaveTextContent('$9.50 / lb · 20 lb in stock · Thu, Dec 3');

    await typing.click(within(instead).getByRole('button', { name: 'Add instead' }));
    expect(await within(instead).findByRole('button', { name: 'Added' })).toBeDisabled();
    expect(storedCart().map((line) => [line.id, line.farmName, line.quantity])).toEqual([
      [21, 'Hilo Orchards', 1],
      [31, 'Waimea Nuts', 3],
    ]);
  });
});

describe('the guide as suggested, and who may change it', () => {
  it('says a suggested guide comes from recent orders and saves it as it is', async () => {
    const api = fakeApi({
      ...baseRoutes,
      'GET /api/order-guide': { ...savedGuide, saved: false, updatedAt: null },
      'PUT /api/order-guide': savedGuide,
    });
    renderPage();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Suggested from your last 90 days’ orders and standing orders.');
    await userEvent.setup().click(within(note).getByRole('button', { name: 'Save this guide' }));
    await waitFor(() => expect(api.made('PUT', '/api/order-guide')).toHaveLength(1));
    expect(api.made('PUT', '/api/order-guide')[0]!.body).toMatchObject({
      sections: [
        {
          name: 'Walk-in',
          items: [
            {
              productId: 11,
              packId: 111,
              pars: { ...noPars, mon: 2, thu: 6 },
              substitution: 'ask',
            },
            { productId: 12, packId: 121 },
          ],
        },
        { name: 'Dry store', items: [{ productId: 21, packId: 211 }] },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('note')).not.toBeInTheDocument());
  });

  it('shows a bookkeeper the guide without counting, filling or editing', async () => {
    const bookkeeper = member('restaurant', 'bookkeeper');
    fakeApi({ ...baseRoutes, 'GET /api/auth/user': bookkeeper });
    renderPage(bookkeeper);
    expect(await screen.findByText('Kale')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fill to par' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit guide' })).not.toBeInTheDocument();
  });

  it('says what to do with an empty guide', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /api/order-guide': { saved: true, updatedAt: null, sections: [] },
    });
    renderPage();
    expect(
      await screen.findByText('No items yet: add the products you buy often'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add products' })).toBeInTheDocument();
  });

  it('shows an error it can retry', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /api/order-guide': failWith(500, { message: 'The server could not answer' }),
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The order guide could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
