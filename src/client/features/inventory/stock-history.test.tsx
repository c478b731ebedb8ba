import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { product } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import type { StockMovement } from '#core/schemas/stock';
import { describeMovement, StockHistoryDialog } from './stock-history';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/products/9/stock-movements';

function movement(id: number, overrides: Partial<StockMovement> = {}): StockMovement {
  return {
    id,
    change: -3,
    quantityAfter: 17,
    reason: 'sale',
    orderId: 412,
    orderItemId: 900,
    order: { id: 412, restaurantName: 'Kaimuki Table' },
    actor: { kind: 'person', name: 'Malia Kealoha' },
    // 9:14 AM in Hawaii (UTC−10).
    at: '2026-11-26T19:14:00.000Z',
    ...overrides,
  };
}

/**
 * The endpoint as its contract says (docs/api.md#paging): a JSON array, X-Total-Count, and a
 * Link to the next page; `pages` maps each asked path to its answer, or to a status to fail.
 */
function serve(
  pages: Record<string, { body: StockMovement[]; total: number; next?: string } | number>,
) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname + url.search;
      asked.push(path);
      const page = pages[path];
      if (page === undefined || typeof page === 'number') {
        return new Response(JSON.stringify({ message: 'Server trouble', code: 'internal' }), {
          status: typeof page === 'number' ? page : 404,
          headers: { 'content-type': 'application/json' },
        });
      }
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-total-count': String(page.total),
      };
      if (page.next) headers.link = `<${page.next}>; rel="next"`;
      return new Response(JSON.stringify(page.body), { status: 200, headers });
    }),
  );
  return asked;
}

function open(unit = 'lb') {
  renderInApp(
    <StockHistoryDialog
      product={product({ id: 9, name: 'Ewa Sweet Onions', unit, availableQuantity: 17 })}
      open
      onOpenChange={() => undefined}
    />,
  );
  return userEvent.setup({ pointerEventsCheck: 0 });
}

describe('a product’s stock history', () => {
  it('says each movement as the farmer reads it, in Hawaii time', () => {
    expect(describeMovement(movement(1), 'lb')).toBe(
      '\u22123 lb · Sale · Order #412 · Kaimuki Table · 9:14 AM',
    );
    expect(
      describeMovement(
        movement(2, { change: 20, reason: 'farmer_edit', order: null, orderId: null }),
        'bunch',
      ),
    ).toBe('+20 bunch · Stock edit · 9:14 AM');
    expect(describeMovement(movement(3, { change: -1.25 }), 'lb')).toMatch(/^\u22121\.25 lb/);
  });

  it('lists the first page, newest first, then loads more', async () => {
    const first = `${PATH}?limit=25`;
    const second = `${PATH}?limit=25&cursor=abc`;
    const asked = serve({
      [first]: {
        body: [movement(3), movement(2, { change: -2, quantityAfter: 20 })],
        total: 3,
        next: second,
      },
      [second]: {
        body: [
          movement(1, {
            change: 22,
            quantityAfter: 22,
            reason: 'opening',
            order: null,
            orderId: null,
            actor: { kind: 'system', name: null },
            at: '2026-11-24T18:00:00.000Z',
          }),
        ],
        total: 3,
      },
    });
    const user = open();
    expect(screen.getByLabelText('Loading stock history')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Stock movements' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(
      screen.getByText('\u22123 lb · Sale · Order #412 · Kaimuki Table · 9:14 AM'),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3 movements')).toBeInTheDocument();
    expect(screen.getByText('Thu, Nov 26')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('+22 lb · Opening stock · 8:00 AM');
    expect(screen.getByText('Automatic')).toBeInTheDocument();
    expect(screen.getByText('Tue, Nov 24')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3 movements')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(asked).toEqual([first, second]);
  });

  it('says when there is nothing yet', async () => {
    serve({ [`${PATH}?limit=25`]: { body: [], total: 0 } });
    open();
    expect(await screen.findByText('No stock movements yet')).toBeInTheDocument();
  });

  it('says when the history cannot be read, and tries again', async () => {
    const asked = serve({ [`${PATH}?limit=25`]: 500 });
    const user = open();
    expect(await screen.findByText('Could not load the stock history')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(1));
  });
});
