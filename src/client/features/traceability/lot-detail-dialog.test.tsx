import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LotDetail } from '#core/schemas/traceability';
import { fakeApi } from '../../test/fake-api';
import { member } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { LotDetailDialog } from './lot-detail-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const lot: LotDetail = {
  id: 8,
  code: 'WG-1201-A',
  productId: 3,
  product: { name: 'Mānoa Lettuce', unit: 'lb', traceabilityCategory: null },
  harvestDate: '2026-11-20',
  location: 'Field 3',
  quantity: 10,
  remaining: 7,
  createdAt: '2026-11-20T00:00:00.000Z',
  recalledAt: null,
  recipients: [
    {
      orderId: 41,
      restaurant: { id: 9, name: 'Lanikai Table', location: 'Kailua' },
      quantity: 3,
      unit: 'lb',
      shipDate: '2026-11-22',
    },
  ],
  openLines: [],
  recalls: [],
};

describe("a lot's recall", () => {
  it('asks for a message before sending, then sends the message typed', async () => {
    const api = fakeApi({
      'GET /api/lots/8': lot,
      'POST /api/lots/8/recall': {
        id: 1,
        lotId: 8,
        lotCode: lot.code,
        productName: 'Mānoa Lettuce',
        farm: { id: 1, name: 'Kula Greens' },
        message: 'Hold it',
        createdAt: '2026-11-23T00:00:00.000Z',
        notices: [],
      },
    });
    renderInApp(<LotDetailDialog lotId={8} onClose={() => {}} />, {
      user: member('farmer', 'owner'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Lot WG-1201-A' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Recall Lot…' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Recall' }));
    const message = within(dialog).getByLabelText('Message to the restaurants');
    await waitFor(() => expect(message).toHaveAccessibleDescription('Required'));
    expect(within(dialog).queryByRole('button', { name: 'Send Recall' })).toBeNull();
    expect(api.made('POST', '/api/lots/8/recall')).toHaveLength(0);

    fireEvent.change(message, { target: { value: 'Hold it' } });
    expect(message).not.toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recall Lot…' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Recall' }));
    await waitFor(() => expect(api.made('POST', '/api/lots/8/recall')).toHaveLength(1));
    expect(api.made('POST', '/api/lots/8/recall')[0]!.body).toEqual({ message: 'Hold it' });
    await waitFor(() => expect(message).toHaveValue(''));
  });
});
