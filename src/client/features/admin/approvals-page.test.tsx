import { REASON_REQUIRED_MESSAGE, type PendingFarm } from '#core/schemas/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { ApprovalsPage } from './approvals-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const waiahole: PendingFarm = {
  id: 5,
  name: 'Waiāhole Cacao & Vanilla',
  description: 'A young cacao and vanilla orchard in Waiāhole Valley.',
  location: '48-250 Waiahole Valley Rd, Kaneohe, HI 96744',
  contactPhone: '(808) 555-0177',
  contacts: [
    {
      name: 'Iwalani Nāone',
      email: 'iwalani@waiaholecacao.example',
      phone: null,
      position: 'Owner',
    },
  ],
  createdAt: '2026-11-20T18:00:00.000Z',
  ownerName: 'Iwalani Nāone',
  ownerEmail: 'iwalani@waiaholecacao.example',
  productCount: 3,
};

const approved = {
  kind: 'farm',
  id: 5,
  name: waiahole.name,
  location: waiahole.location,
  createdAt: waiahole.createdAt,
  ownerName: waiahole.ownerName,
  ownerEmail: waiahole.ownerEmail,
  approvalStatus: 'approved',
  declineReason: null,
  suspendedAt: null,
  suspensionReason: null,
  openOrders: 0,
};

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

describe('the approvals screen', () => {
  it('lists each farm waiting with the profile it is judged by', async () => {
    fakeApi({ 'GET /api/admin/approvals': [waiahole] });
    renderInApp(<ApprovalsPage />);
    const card = await screen.findByRole('article', { name: 'Waiāhole Cacao & Vanilla' });
    expect(card).toHaveTextContent('Signed up Nov 20, 2026 by Iwalani Nāone');
    expect(card).toHaveTextContent('A young cacao and vanilla orchard');
    expect(card).toHaveTextContent('48-250 Waiahole Valley Rd, Kaneohe, HI 96744');
    expect(card).toHaveTextContent('(808) 555-0177');
    expect(card).toHaveTextContent('3 products');
    expect(card).toHaveTextContent('Iwalani Nāone · Owner · iwalani@waiaholecacao.example');
    expect(
      within(card).getByRole('link', { name: 'iwalani@waiaholecacao.example' }),
    ).toHaveAttribute('href', 'mailto:iwalani@waiaholecacao.example');
    expect(screen.getByText(/Showing 1 of 1 farm/)).toBeInTheDocument();
  });

  it('says so when no farm is waiting', async () => {
    fakeApi({ 'GET /api/admin/approvals': [] });
    renderInApp(<ApprovalsPage />);
    expect(await screen.findByText('No farms are waiting')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Businesses' })).toHaveAttribute(
      'href',
      '/admin/businesses',
    );
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    const api = fakeApi({
      'GET /api/admin/approvals': failWith(500, { message: 'Something went wrong on our side.' }),
    });
    renderInApp(<ApprovalsPage />);
    expect(await screen.findByText('Could not load the farms waiting')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.made('GET', '/api/admin/approvals')).toHaveLength(2));
  });

  it('approves a farm on its button', async () => {
    const api = fakeApi({
      'GET /api/admin/approvals': [waiahole],
      'POST /api/admin/farms/5/approve': approved,
    });
    renderInApp(<ApprovalsPage />);
    await user().click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.made('POST', '/api/admin/farms/5/approve')).toHaveLength(1));
    expect(await screen.findByText('Farm approved')).toBeInTheDocument();
    expect(
      screen.getByText('Waiāhole Cacao & Vanilla is now on offer to restaurants.'),
    ).toBeInTheDocument();
  });

  it('declines only with a reason, asked in a dialog', async () => {
    const api = fakeApi({
      'GET /api/admin/approvals': [waiahole],
      'POST /api/admin/farms/5/decline': { ...approved, approvalStatus: 'declined' },
    });
    renderInApp(<ApprovalsPage />);
    const clicker = user();
    await clicker.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Waiāhole Cacao & Vanilla' });
    expect(dialog).toHaveTextContent('Its owner is emailed the reason');

    await clicker.click(within(dialog).getByRole('button', { name: 'Decline Farm' }));
    const field = within(dialog).getByLabelText(/Reason/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(REASON_REQUIRED_MESSAGE);
    expect(api.made('POST', '/api/admin/farms/5/decline')).toHaveLength(0);

    await clicker.type(field, '  Add your county farm permit number.  ');
    await clicker.click(within(dialog).getByRole('button', { name: 'Decline Farm' }));
    await waitFor(() => expect(api.made('POST', '/api/admin/farms/5/decline')).toHaveLength(1));
    expect(api.made('POST', '/api/admin/farms/5/decline')[0]!.body).toEqual({
      reason: 'Add your county farm permit number.',
    });
    expect(await screen.findByText('Farm declined')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open and says why when the server refuses', async () => {
    fakeApi({
      'GET /api/admin/approvals': [waiahole],
      'POST /api/admin/farms/5/decline': failWith(409, {
        message: 'This farm is already approved: suspend it instead',
        code: 'already_approved',
      }),
    });
    renderInApp(<ApprovalsPage />);
    const clicker = user();
    await clicker.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    await clicker.type(within(dialog).getByLabelText(/Reason/), 'No permit');
    await clicker.click(within(dialog).getByRole('button', { name: 'Decline Farm' }));
    expect(await screen.findByText('Could not decline the farm')).toBeInTheDocument();
    expect(
      screen.getByText('This farm is already approved: suspend it instead'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
