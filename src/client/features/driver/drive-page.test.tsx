import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { placesOf } from '#core/delivery-places';
import type { DriveRun, DriveStop } from '#core/schemas/delivery-proof';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { DrivePage } from './drive-page';
import type * as Outbox from './outbox';
import type { WaitingDelivery } from './outbox';

// What the phone keeps is IndexedDB's, which the DOM tests have not: the confirmations kept
// are recorded here instead.
const kept = vi.hoisted(() => [] as Omit<WaitingDelivery, 'state' | 'refusal' | 'orderId'>[]);
vi.mock('./outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof Outbox>()),
  keepDelivery: vi.fn(async (delivery: (typeof kept)[number]) => {
    kept.push(delivery);
  }),
}));

const STOPS: DriveStop[] = [
  {
    orderId: 41,
    position: 1,
    stop: 1,
    restaurant: {
      id: 3,
      name: 'Mama Bistro',
      address: '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
      phone: '(808) 555-0101',
    },
    orderNumber: '#41',
    invoiceNumber: null,
    itemCount: 1,
    notes: 'Back door',
    status: 'in_transit',
    lines: [{ name: 'Mānoa Lettuce', quantity: 2.5, unit: 'lb' }],
    delivery: null,
  },
  {
    orderId: 42,
    position: 2,
    stop: 2,
    restaurant: { id: 4, name: 'Kailua Poke', address: 'Kailua Rd', phone: null },
    orderNumber: '#42',
    invoiceNumber: null,
    itemCount: 1,
    notes: null,
    status: 'delivered',
    lines: [{ name: 'Apple Bananas', quantity: 3, unit: 'bunch' }],
    delivery: {
      recipientName: 'Kimo',
      deliveredAt: '2026-12-01T18:09:00.000Z',
      receivedAt: '2026-12-01T18:09:02.000Z',
      deliveredByName: 'Malia K.',
      photoUrl: null,
      signatureUrl: null,
    },
  },
];

const RUN: DriveRun = {
  id: 7,
  date: '2026-12-01',
  name: 'Kailua',
  zone: 'Kailua',
  version: 2,
  stops: STOPS,
  places: placesOf(STOPS),
};

const renderDrive = () =>
  renderInApp(
    <Routes>
      <Route path="/farmer/runs/:id/drive" element={<DrivePage />} />
    </Routes>,
    { route: '/farmer/runs/7/drive' },
  );

describe("the driver's phone view", () => {
  it('shows each stop with a maps link, a call link and its lines, and asks for the recipient', async () => {
    fakeApi({ 'GET /api/delivery-runs/7': () => RUN });
    renderDrive();
    await screen.findByRole('heading', { name: 'Kailua run' });
    expect(screen.getByText(/1 of 2 delivered/)).toBeInTheDocument();

    const first = screen.getByRole('article', { name: 'Stop 1: Mama Bistro, order #41' });
    expect(within(first).getByRole('link', { name: /Kamehameha Hwy/ })).toHaveAttribute(
      'href',
      'https://maps.google.com/?q=45-123%20Kamehameha%20Hwy%2C%20Kaneohe%2C%20HI%2096744',
    );
    expect(within(first).getByRole('link', { name: /Call/ })).toHaveAttribute(
      'href',
      'tel:8085550101',
    );
    expect(within(first).getByText('Mānoa Lettuce')).toBeInTheDocument();
    expect(within(first).getByText('2.5 lb')).toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'Stop 2: Kailua Poke, order #42' });
    expect(within(second).getByText(/received by Kimo/)).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Delivered' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: 'Delivered' }));
    await user.click(within(first).getByRole('button', { name: 'Confirm delivery' }));
    // The form's rules load when it opens, so the message follows a moment after the click.
    expect(await within(first).findByText("Please enter the recipient's name")).toBeInTheDocument();
    expect(within(first).getByLabelText(/Photo of the drop/)).toHaveAttribute(
      'capture',
      'environment',
    );
  });

  it("shows a restaurant's orders as one stop and confirms them at once, with one name", async () => {
    kept.length = 0;
    const mamaAgain: DriveStop = {
      ...STOPS[0]!,
      orderId: 43,
      position: 2,
      orderNumber: '#43',
      notes: null,
      lines: [{ name: 'Apple Bananas', quantity: 4, unit: 'bunch' }],
    };
    const stops = [STOPS[0]!, mamaAgain, { ...STOPS[1]!, position: 3 }];
    fakeApi({ 'GET /api/delivery-runs/7': () => ({ ...RUN, stops, places: placesOf(stops) }) });
    renderDrive();
    const stop = await screen.findByRole('article', {
      name: 'Stop 1: Mama Bistro, orders #41, #43',
    });
    expect(screen.getByText(/1 of 2 delivered/)).toBeInTheDocument();
    expect(within(stop).getByRole('list', { name: 'Lines of #41' })).toHaveTextContent(
      'Mānoa Lettuce',
    );
    expect(within(stop).getByRole('list', { name: 'Lines of #43' })).toHaveTextContent(
      'Apple Bananas',
    );
    // One Delivered for the stop, one form, one name.
    const user = userEvent.setup();
    await user.click(within(stop).getByRole('button', { name: 'Delivered' }));
    const form = within(stop).getByRole('form', { name: 'Confirm delivery of #41, #43' });
    await user.type(within(form).getByLabelText(/Received by/), 'Chef Malia');
    await user.click(within(form).getByRole('button', { name: 'Confirm delivery' }));
    await waitFor(() => expect(kept).toHaveLength(1));
    expect(kept[0]).toMatchObject({
      orderIds: [41, 43],
      runId: 7,
      orderNumber: '#41, #43',
      restaurantName: 'Mama Bistro',
      recipientName: 'Chef Malia',
    });
  });

  it('reads a run the phone kept before stops were places, a stop per restaurant', async () => {
    const mamaAgain: DriveStop = { ...STOPS[0]!, orderId: 43, orderNumber: '#43' };
    const { places: _places, ...older } = { ...RUN, stops: [STOPS[0]!, STOPS[1]!, mamaAgain] };
    fakeApi({ 'GET /api/delivery-runs/7': () => older });
    renderDrive();
    expect(
      await screen.findByRole('article', { name: 'Stop 1: Mama Bistro, orders #41, #43' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('article', { name: 'Stop 2: Kailua Poke, order #42' }),
    ).toBeInTheDocument();
  });

  it('asks the service worker to keep the page and the user for no signal', async () => {
    const postMessage = vi.fn();
    const serviceWorker = {
      controller: { postMessage },
      register: vi.fn(async () => ({})),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    };
    Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
    try {
      fakeApi({ 'GET /api/delivery-runs/7': () => RUN });
      renderDrive();
      await screen.findByRole('heading', { name: 'Kailua run' });
      expect(postMessage).toHaveBeenCalledWith({
        type: 'keep-for-no-signal',
        url: window.location.href,
      });
      // And again when a worker takes the page over (the first visit).
      const [event, takenOver] = serviceWorker.addEventListener.mock.calls.find(
        ([name]) => name === 'controllerchange',
      ) as unknown as [string, () => void];
      expect(event).toBe('controllerchange');
      postMessage.mockClear();
      takenOver();
      expect(postMessage).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('says when the run is not on the phone and cannot be read', async () => {
    fakeApi({});
    renderDrive();
    await screen.findByText('This run is not on this phone yet');
  });
});

describe("the driver's delivery form without its rules", () => {
  afterEach(() => {
    vi.doUnmock('#core/schemas/delivery-proof');
  });

  it('says it could not load and keeps nothing', async () => {
    // A first visit without signal, before the service worker has kept the app's code.
    vi.doMock('#core/schemas/delivery-proof', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const api = fakeApi({ 'GET /api/delivery-runs/7': () => RUN });
    renderDrive();
    const stop = await screen.findByRole('article', { name: 'Stop 1: Mama Bistro, order #41' });
    const user = userEvent.setup();
    await user.click(within(stop).getByRole('button', { name: 'Delivered' }));
    await user.type(within(stop).getByLabelText(/Received by/), 'Kimo');
    await user.click(within(stop).getByRole('button', { name: 'Confirm delivery' }));
    expect(
      await within(stop).findByText('This form could not load: check the signal and try again'),
    ).toBeInTheDocument();
    expect(within(stop).queryByText(/received by Kimo/)).toBeNull();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
