import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { withStopsInOrder } from '#core/delivery-places';
import type { DeliveryRun, DeliveryRunStop } from '#core/schemas/delivery-run';
import { setTestDate } from '../../test/clock';
import { failWith, fakeApi, pageOf } from '../../test/fake-api';
import { user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { DeliveryRunsPage } from './delivery-runs-page';

const DAY = '2026-12-01';
const LIST = `GET /api/delivery-runs?date=${DAY}&limit=500`;

/** An order of the run, for a restaurant of its own unless `restaurantId` says whose. */
function stop(
  orderId: number,
  status: DeliveryRunStop['status'] = 'packed',
  restaurantId = orderId,
): DeliveryRunStop {
  return {
    orderId,
    position: 0,
    stop: 0,
    restaurant: {
      id: restaurantId,
      name: `Restaurant ${restaurantId}`,
      address: 'Kailua Rd',
      phone: null,
    },
    orderNumber: `#${orderId}`,
    invoiceNumber: null,
    itemCount: 2,
    notes: null,
    status,
  };
}

function run(id: number, name: string, version: number, stops: DeliveryRunStop[]): DeliveryRun {
  return {
    id,
    date: DAY,
    name,
    zone: name,
    version,
    // Numbered and grouped by place, as the server answers.
    ...withStopsInOrder(stops),
  };
}

/** The order numbers of a run's stops, top to bottom, as the page shows them. */
function shownOrder(runName: string): string[] {
  const list = screen.getByRole('list', { name: `Stops of ${runName}` });
  return within(list)
    .getAllByRole('listitem')
    .flatMap((item) => /orders? (#.+)$/.exec(item.getAttribute('aria-label') ?? '')?.[1] ?? [])
    .flatMap((numbers) => numbers.split(', '));
}

const renderPage = () => renderInApp(<DeliveryRunsPage />, { route: `/farmer/runs?date=${DAY}` });

describe('the delivery runs page', () => {
  it('moves a stop up and down with its buttons and the keyboard, sending the whole order with the version seen', async () => {
    // The server's run: each change answers it with the next version, as later reads do.
    let kailua = run(1, 'Kailua', 3, [stop(11), stop(12), stop(13)]);
    const api = fakeApi({
      [LIST]: () => [kailua],
      'PUT /api/delivery-runs/1/stops': ({ body }: { body: unknown }) => {
        const { orderIds } = body as { orderIds: number[] };
        kailua = run(
          1,
          'Kailua',
          kailua.version + 1,
          orderIds.map((id) => stop(id)),
        );
        return kailua;
      },
    });
    renderPage();
    await waitFor(() => expect(shownOrder('Kailua')).toEqual(['#11', '#12', '#13']));
    expect(screen.getByRole('button', { name: 'Move Restaurant 11 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Restaurant 13 down' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Move Restaurant 12 up' }));
    await waitFor(() => expect(shownOrder('Kailua')).toEqual(['#12', '#11', '#13']));
    expect(api.made('PUT', '/api/delivery-runs/1/stops')[0]!.body).toEqual({
      version: 3,
      orderIds: [12, 11, 13],
    });

    // Focus follows the stop: #12 is first now, so its down button has it, and the keyboard
    // moves it back.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Restaurant 12 down' })).toHaveFocus(),
    );
    expect(screen.getByText('Restaurant 12 is now stop 1 of 3')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.made('PUT', '/api/delivery-runs/1/stops')).toHaveLength(2));
    // The second change is made from the version the first answered.
    expect(api.made('PUT', '/api/delivery-runs/1/stops')[1]!.body).toEqual({
      version: 4,
      orderIds: [11, 12, 13],
    });
  });

  it('says when someone else changed the run and shows its current order', async () => {
    const seen = run(1, 'Kailua', 3, [stop(11), stop(12)]);
    const current = run(1, 'Kailua', 5, [stop(12), stop(11), stop(14)]);
    let reads = 0;
    fakeApi({
      [LIST]: () => (reads++ === 0 ? [seen] : [current]),
      'PUT /api/delivery-runs/1/stops': failWith(409, {
        message: 'Someone else changed this run — here is its current order',
        code: 'run_changed',
        run: current,
      }),
    });
    renderPage();
    await waitFor(() => expect(shownOrder('Kailua')).toEqual(['#11', '#12']));
    await userEvent.click(screen.getByRole('button', { name: 'Move Restaurant 11 down' }));
    const region = screen.getByRole('region', { name: /Kailua/ });
    expect(
      await within(region).findByText('Someone else changed this run — here is its current order'),
    ).toBeInTheDocument();
    await waitFor(() => expect(shownOrder('Kailua')).toEqual(['#12', '#11', '#14']));
  });

  it('moves a stop to another run from its "Move to run" choice', async () => {
    const api = fakeApi({
      [LIST]: [run(1, 'Kailua', 2, [stop(11), stop(12)]), run(2, 'Truck 2', 7, [stop(21)])],
      'PUT /api/delivery-runs/2/stops': run(2, 'Truck 2', 8, [stop(21), stop(12)]),
    });
    renderPage();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Move #12 to run' }),
      'Truck 2',
    );
    await waitFor(() =>
      expect(api.made('PUT', '/api/delivery-runs/2/stops')[0]?.body).toEqual({
        version: 7,
        orderIds: [21, 12],
      }),
    );
  });

  it('asks before starting a run and shows which orders went out', async () => {
    const api = fakeApi({
      [LIST]: [
        run(1, 'Kailua', 1, [stop(11), stop(12), stop(13), stop(14), stop(15, 'confirmed')]),
      ],
      'POST /api/delivery-runs/1/start': {
        runId: 1,
        changed: [11, 12, 13].map((id) => ({ id, fromStatus: 'packed', toStatus: 'in_transit' })),
        refused: [
          { id: 14, status: 'in_transit', code: 'invalid_transition', message: 'Already moved' },
        ],
        notPacked: [{ id: 15, status: 'confirmed' }],
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Kailua run?' });
    expect(dialog).toHaveTextContent('4 packed orders go out for delivery');
    expect(api.made('POST', '/api/delivery-runs/1/start')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start run' }));
    const region = screen.getByRole('region', { name: /Kailua/ });
    expect(await within(region).findByText('Out for delivery: #11, #12, #13')).toBeInTheDocument();
    expect(region).toHaveTextContent('#14 not moved: Already moved');
    expect(region).toHaveTextContent('#15 (confirmed)');
  });

  it("takes the last start's message away at the next action and on another day", async () => {
    const api = fakeApi({
      [LIST]: [run(1, 'Kailua', 1, [stop(11), stop(14)]), run(2, 'Truck 2', 7, [stop(21)])],
      'POST /api/delivery-runs/1/start': {
        runId: 1,
        changed: [{ id: 11, fromStatus: 'packed', toStatus: 'in_transit' }],
        refused: [{ id: 14, status: 'packed', code: 'invalid_transition', message: 'Needs lots' }],
        notPacked: [],
      },
      'PUT /api/delivery-runs/2/stops': run(2, 'Truck 2', 8, [stop(21), stop(14)]),
      'GET /api/delivery-runs?date=2026-12-02&limit=500': [],
    });
    renderPage();
    const startButton = within(await screen.findByRole('region', { name: /Kailua/ })).getByRole(
      'button',
      { name: 'Start run' },
    );
    await userEvent.click(startButton);
    const dialog = await screen.findByRole('dialog', { name: 'Start Kailua run?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start run' }));
    expect(await screen.findByText(/#14 not moved: Needs lots/)).toBeInTheDocument();

    // The refused order moved to another run: the refusal no longer holds.
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Move #14 to run' }),
      'Truck 2',
    );
    await waitFor(() => expect(api.made('PUT', '/api/delivery-runs/2/stops')).toHaveLength(1));
    expect(screen.queryByText(/#14 not moved/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Out for delivery: #11/)).not.toBeInTheDocument();

    // Started again, then another day: gone too.
    await userEvent.click(
      within(screen.getByRole('region', { name: /Kailua/ })).getByRole('button', {
        name: 'Start run',
      }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Start Kailua run?' })).getByRole('button', {
        name: 'Start run',
      }),
    );
    expect(await screen.findByText(/#14 not moved: Needs lots/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Delivery day'), { target: { value: '2026-12-02' } });
    await waitFor(() => expect(screen.queryByText(/#14 not moved/)).not.toBeInTheDocument());
  });

  it("shows a restaurant's orders as one stop that moves with all of them, and moves one order alone to another run", async () => {
    // Restaurant 5 has orders 11 and 13; restaurant 6 has order 12.
    let kailua = run(1, 'Kailua', 3, [
      stop(11, 'packed', 5),
      stop(12, 'packed', 6),
      stop(13, 'confirmed', 5),
    ]);
    const api = fakeApi({
      [LIST]: () => [kailua, run(2, 'Truck 2', 1, [])],
      'PUT /api/delivery-runs/1/stops': ({ body }: { body: unknown }) => {
        const { orderIds } = body as { orderIds: number[] };
        const all = [stop(11, 'packed', 5), stop(12, 'packed', 6), stop(13, 'confirmed', 5)];
        kailua = run(
          1,
          'Kailua',
          kailua.version + 1,
          orderIds.map((id) => all.find((each) => each.orderId === id)!),
        );
        return kailua;
      },
      'PUT /api/delivery-runs/2/stops': run(2, 'Truck 2', 2, [stop(13, 'confirmed', 5)]),
    });
    renderPage();
    const region = await screen.findByRole('region', { name: /Kailua/ });
    await waitFor(() => expect(shownOrder('Kailua')).toEqual(['#11', '#13', '#12']));
    expect(
      within(region).getByRole('listitem', { name: 'Stop 1: Restaurant 5, orders #11, #13' }),
    ).toBeInTheDocument();
    expect(region).toHaveTextContent('2 stops · 3 orders · 2 packed');

    await userEvent.click(screen.getByRole('button', { name: 'Move Restaurant 5 down' }));
    await waitFor(() => expect(shownOrder('Kailua')).toEqual(['#12', '#11', '#13']));
    expect(api.made('PUT', '/api/delivery-runs/1/stops')[0]!.body).toEqual({
      version: 3,
      orderIds: [12, 11, 13],
    });

    // "Move to run…" is per order: #13 goes alone.
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Move #13 to run' }),
      'Truck 2',
    );
    await waitFor(() =>
      expect(api.made('PUT', '/api/delivery-runs/2/stops')[0]?.body).toEqual({
        version: 1,
        orderIds: [13],
      }),
    );
  });

  it('opens on the next delivery day when no day is asked for', async () => {
    setTestDate('2026-11-23T22:00:00Z');
    const api = fakeApi({
      'GET /api/delivery-schedules/farm/1?limit=1': [
        { id: 4, farmId: 1, deliveryDate: '2026-11-26', deliveryArea: 'Kailua' },
      ],
      'GET /api/delivery-runs?date=2026-11-26&limit=500': [
        { ...run(1, 'Kailua', 1, [stop(11)]), date: '2026-11-26' },
      ],
    });
    renderInApp(<DeliveryRunsPage />, { route: '/farmer/runs', user: user('farmer') });
    expect(await screen.findByRole('region', { name: /Kailua/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Delivery day')).toHaveValue('2026-11-26');
    expect(api.made('GET', '/api/delivery-runs?date=2026-11-23&limit=500')).toHaveLength(0);
  });

  it('opens on today when the farm has no delivery day ahead', async () => {
    setTestDate('2026-11-23T22:00:00Z');
    fakeApi({
      'GET /api/delivery-schedules/farm/1?limit=1': [],
      'GET /api/delivery-runs?date=2026-11-23&limit=500': [],
    });
    renderInApp(<DeliveryRunsPage />, { route: '/farmer/runs', user: user('farmer') });
    expect(await screen.findByText('No orders for this day')).toBeInTheDocument();
    expect(screen.getByLabelText('Delivery day')).toHaveValue('2026-11-23');
  });

  it('renames a run, and deletes one without stops', async () => {
    let runs = [run(1, 'Kailua', 1, [stop(11)]), run(2, 'Truck 2', 1, [])];
    const api = fakeApi({
      [LIST]: () => runs,
      'PATCH /api/delivery-runs/1': ({ body }: { body: unknown }) => {
        const { name } = body as { name: string };
        if (name.toLowerCase() === 'truck 2') {
          return failWith(400, {
            message: 'Another run of this day has this name',
            fields: { name: 'Another run of this day has this name' },
          });
        }
        runs = [{ ...runs[0]!, name }, runs[1]!];
        return runs[0];
      },
      'DELETE /api/delivery-runs/2': () => {
        runs = [runs[0]!];
        return undefined;
      },
    });
    renderPage();
    const kailua = await screen.findByRole('region', { name: /Kailua/ });
    // A run with stops cannot be deleted: no button for it.
    expect(within(kailua).queryByRole('button', { name: /Delete/ })).toBeNull();

    await userEvent.click(within(kailua).getByRole('button', { name: 'Rename Kailua run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Kailua' });
    const name = within(dialog).getByLabelText(/Run name/);
    expect(name).toHaveValue('Kailua');
    await userEvent.clear(name);
    await userEvent.type(name, 'Truck 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(
      await within(dialog).findByText('Another run of this day has this name'),
    ).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Windward');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('region', { name: /Windward/ })).toBeInTheDocument();
    expect(api.made('PATCH', '/api/delivery-runs/1').at(-1)!.body).toEqual({ name: 'Windward' });

    const truck = screen.getByRole('region', { name: /Truck 2/ });
    await userEvent.click(within(truck).getByRole('button', { name: 'Delete Truck 2 run' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Truck 2/ })).toBeNull());
    expect(api.made('DELETE', '/api/delivery-runs/2')).toHaveLength(1);
  });

  it("starts all runs of the day after asking, and prints the day's run sheets", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const api = fakeApi({
      [LIST]: [
        run(1, 'Kailua', 1, [stop(11), stop(12, 'confirmed')]),
        run(2, 'Hilo', 1, [stop(21), stop(22)]),
      ],
      'POST /api/delivery-runs/start': {
        date: DAY,
        runs: [
          {
            runId: 1,
            changed: [{ id: 11, fromStatus: 'packed', toStatus: 'in_transit' }],
            refused: [],
            notPacked: [{ id: 12, status: 'confirmed' }],
          },
          {
            runId: 2,
            changed: [21, 22].map((id) => ({ id, fromStatus: 'packed', toStatus: 'in_transit' })),
            refused: [],
            notPacked: [],
          },
        ],
      },
    });
    renderPage();
    await screen.findByRole('region', { name: /Hilo/ });
    await userEvent.click(screen.getByRole('button', { name: 'Print the day’s run sheets' }));
    expect(open).toHaveBeenCalledWith(
      `/api/delivery-runs/sheets?date=${DAY}`,
      '_blank',
      'noopener',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Start all runs' }));
    const dialog = await screen.findByRole('dialog', { name: /Start all runs of/ });
    expect(dialog).toHaveTextContent('3 packed orders on 2 runs go out for delivery');
    expect(api.made('POST', '/api/delivery-runs/start')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start all runs' }));
    await waitFor(() =>
      expect(api.made('POST', '/api/delivery-runs/start')[0]?.body).toEqual({ date: DAY }),
    );
    const kailua = screen.getByRole('region', { name: /Kailua/ });
    expect(await within(kailua).findByText('Out for delivery: #11')).toBeInTheDocument();
    expect(kailua).toHaveTextContent('#12 (confirmed)');
    const hilo = screen.getByRole('region', { name: /Hilo/ });
    expect(within(hilo).getByText('Out for delivery: #21, #22')).toBeInTheDocument();
    open.mockRestore();
  });

  it('reads a day spread over pages of stops and shows each run whole', async () => {
    const kailua = run(1, 'Kailua', 2, [stop(11), stop(12), stop(13)]);
    const kaneohe = run(2, 'Kāneʻohe', 1, [stop(21)]);
    const next = `/api/delivery-runs?date=${DAY}&limit=500&cursor=abc`;
    const api = fakeApi({
      // As the server pages: every run on every page, each with that page's part of its stops.
      [LIST]: pageOf(
        [
          { ...kailua, stops: kailua.stops.slice(0, 2), places: kailua.places.slice(0, 2) },
          { ...kaneohe, stops: [], places: [] },
        ],
        { total: 4, next },
      ),
      [`GET ${next}`]: pageOf(
        [{ ...kailua, stops: kailua.stops.slice(2), places: kailua.places.slice(2) }, kaneohe],
        { total: 4 },
      ),
    });
    renderPage();
    await waitFor(() => expect(shownOrder('Kailua')).toEqual(['#11', '#12', '#13']));
    expect(shownOrder('Kāneʻohe')).toEqual(['#21']);
    expect(api.made('GET', next)).toHaveLength(1);
    // A stop of the second page moves like any other: the whole run's order is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Move Restaurant 13 up' }));
    await waitFor(() =>
      expect(api.made('PUT', '/api/delivery-runs/1/stops')[0]?.body).toEqual({
        version: 2,
        orderIds: [11, 13, 12],
      }),
    );
  });

  it('shows an empty day', async () => {
    fakeApi({ [LIST]: [] });
    renderPage();
    expect(await screen.findByText('No orders for this day')).toBeInTheDocument();
  });

  it('shows an error when the runs cannot be read', async () => {
    fakeApi({ [LIST]: failWith(500, { message: 'The database is away' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the runs');
  });
});
