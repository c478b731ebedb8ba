import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi } from '../../test/fake-api';
import { product } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { RecordLotDialog } from './record-lot-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const lettuce = product({ id: 3, name: 'Mānoa Lettuce' });

describe('Record a lot', () => {
  it('says under each field what is missing, and sends nothing', async () => {
    const api = fakeApi({ 'GET /api/products/farm': [lettuce] });
    renderInApp(<RecordLotDialog open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record a lot' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Lot' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Product/)).toHaveAccessibleDescription(
        'Choose a product',
      ),
    );
    expect(within(dialog).getByLabelText(/Quantity/)).toHaveAccessibleDescription(
      'Enter a quantity more than 0',
    );
    expect(within(dialog).getByLabelText(/Field or place/)).toHaveAccessibleDescription('Required');
    expect(within(dialog).getByLabelText(/Lot code/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("sends the lot, and shows the server's field messages under their fields", async () => {
    const api = fakeApi({
      'GET /api/products/farm': [lettuce],
      'POST /api/lots': failWith(409, {
        message: 'This lot code is already used',
        fields: { code: 'This lot code is already used on your farm' },
      }),
    });
    renderInApp(<RecordLotDialog open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record a lot' });
    await within(dialog).findByRole('option', { name: 'Mānoa Lettuce (lb)' });
    fireEvent.change(within(dialog).getByLabelText(/Lot code/), { target: { value: 'WG-1' } });
    fireEvent.change(within(dialog).getByLabelText(/Product/), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(/Harvest or pack date/), {
      target: { value: '2026-11-20' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Quantity/), { target: { value: '12.5' } });
    fireEvent.change(within(dialog).getByLabelText(/Field or place/), {
      target: { value: 'Field 3' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Lot' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Lot code/)).toHaveAccessibleDescription(
        'This lot code is already used on your farm',
      ),
    );
    expect(api.made('POST', '/api/lots')[0]!.body).toEqual({
      code: 'WG-1',
      productId: 3,
      harvestDate: '2026-11-20',
      location: 'Field 3',
      quantity: 12.5,
    });
  });
});
