import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { AddScheduleDialog } from './add-schedule-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Add delivery schedule', () => {
  it('says each missing choice under its field, names the first in a toast, and sends nothing', async () => {
    const api = fakeApi({});
    renderInApp(<AddScheduleDialog open onOpenChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Schedule' }));
    expect(await screen.findAllByText('Please select at least one delivery date')).not.toHaveLength(
      0,
    );
    expect(await screen.findByText('Dates Required')).toBeInTheDocument();
    expect(screen.getByText('Please select a delivery zone')).toBeInTheDocument();
    expect(screen.getByLabelText(/Delivery Zone/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.made('POST', '/api/delivery-schedules')).toHaveLength(0);
  });
});
