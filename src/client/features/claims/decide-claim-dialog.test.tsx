import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { openClaim } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { DecideClaimDialog } from './decide-claim-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const claim = openClaim();

describe("the farm's decision on a claim", () => {
  it('asks why before declining, and checks a partial quantity against the claim', async () => {
    const api = fakeApi({
      'POST /api/claims/3/decision': { ...claim, state: 'partly_accepted' },
    });
    const onClose = vi.fn();
    renderInApp(<DecideClaimDialog claim={claim} open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Decide the claim on order #61' });
    expect(within(dialog).getByText('$7.00')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByLabelText(/Decline/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    expect(await within(dialog).findByText('Say why you decline')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByLabelText(/Accept part/));
    const howMuch = within(dialog).getByLabelText('Butter Lettuce: accept how much (head)');
    fireEvent.change(howMuch, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    expect(await within(dialog).findByText('At most 2 head: what was claimed')).toBeInTheDocument();
    expect(api.made('POST', '/api/claims/3/decision')).toHaveLength(0);

    fireEvent.change(howMuch, { target: { value: '1' } });
    expect(within(dialog).getByText('$3.50')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.made('POST', '/api/claims/3/decision')[0]!.body).toEqual({
      decision: 'partial',
      lines: [{ itemId: 11, quantity: 1 }],
      reason: null,
    });
  });
});
