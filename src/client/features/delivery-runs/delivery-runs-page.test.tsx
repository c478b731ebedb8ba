import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeliveryRun, DeliveryRunStop } from '#core/schemas/delivery-run';
import { failWith, fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { DeliveryRunsPage } from './delivery-runs-page';

const DAY = '2026-12-01';
const LIST = `GET /api/delivery-runs?date=${DAY}`;

function stop(orderId: number, status: DeliveryRunStop['status'] = 'packed'): DeliveryRunStop {
  return {
    orderId,
    position: 0,
    restaurant: { id: orderId, name: `Restaurant ${orderId}`, address: 'Kailua Rd', phone: null },
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
    stops: stops.map((each, index) => ({ ...each, position: index + 1 })),
  };
}

/** The order numbers of a run's stops, top to bottom, as the page shows them. */
function shownOrder(runName: string): string[] {
  const list = screen.getByRole('list', { name: `Stops of ${runName}` });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => /order (#\d+)/.exec(item.getAttribute('aria-label') ?? '')?.[1] ?? '');
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
    expect(screen.getByRole('button', { name: 'Move #11 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move #13 down' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Move #12 up' }));
    await waitFor(() => expect(shownOrder('Kailua')).toEqual(['#12', '#11', '#13']));
    expect(api.made('PUT', '/api/delivery-runs/1/stops')[0]!.body).toEqual({
      version: 3,
      orderIds: [12, 11, 13],
    });

    // Focus follows the stop: #12 is first now, so its down button has it, and the keyboard
    // moves it back.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move #12 down' })).toHaveFocus(),
    );
    expect(screen.getByText('#12 is now stop 1 of 3')).toBeInTheDocument();
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
    await userEvent.click(screen.getByRole('button', { name: 'Move #11 down' }));
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
