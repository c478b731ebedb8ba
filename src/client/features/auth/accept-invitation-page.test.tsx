import type { InvitationOffer } from '#core/schemas/team';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '../../lib/auth';
import { cartActions, useCart } from '../../lib/cart';
import { queryClient } from '../../lib/query-client';
import { failWith, fakeApi } from '../../test/fake-api';
import { member, product, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { AcceptInvitationPage } from './accept-invitation-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = 'a'.repeat(43);
const packer = { ...member('farmer', 'packer'), email: 'mele@example.com', firstName: 'Mele' };
const READ_INVITATION = `GET /api/auth/invitation?token=${TOKEN}`;
/** What the link offers: Kula Greens invites mele@example.com as a packer. */
const offer: InvitationOffer = {
  email: 'mele@example.com',
  businessKind: 'farm',
  businessName: 'Kula Greens',
  role: 'packer',
  roleLabel: 'Packer',
  expiresAt: '2026-12-02T20:00:00.000Z',
};
/** The same invitation, sent to the address of the one signed in. */
const offerTo = (email: string): InvitationOffer => ({ ...offer, email });

function Dashboard() {
  const { itemCount } = useCart();
  return <p>Dashboard, cart of {itemCount}</p>;
}

function openInvitation(routes: Record<string, unknown>, signedIn?: ReturnType<typeof user>) {
  const api = fakeApi({
    'GET /api/auth/user': signedIn ?? failWith(401, { message: 'Not signed in' }),
    [READ_INVITATION]: signedIn ? offerTo(signedIn.email) : offer,
    ...routes,
  });
  renderInApp(
    <Routes>
      <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
      <Route path="/" element={<Dashboard />} />
    </Routes>,
    { route: `/accept-invitation?token=${TOKEN}`, ...(signedIn ? { user: signedIn } : {}) },
  );
  return api;
}

describe('accepting an invitation, signed out', () => {
  it('names the business, the role and the invited address once the invitation is read', async () => {
    const api = openInvitation({});
    expect(screen.getByLabelText('Opening the invitation')).toHaveAttribute('aria-busy', 'true');
    expect(
      await screen.findByRole('heading', { name: 'Join Kula Greens on Harvest Hui' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(
      'Kula Greens invited mele@example.com as Packer. Use mele@example.com, the address the invitation was sent to.',
    );
    expect(api.made('GET', `/api/auth/invitation?token=${TOKEN}`)).toHaveLength(1);
  });

  it.each([
    ['expired_token', 'This invitation has expired — ask for a new one'],
    ['used_token', 'This invitation has already been used'],
    ['invalid_token', 'This invitation link is not valid'],
  ])(
    'shows a link the server refuses (%s) as its problem, before any form',
    async (code, title) => {
      openInvitation({
        [READ_INVITATION]: failWith(400, { code, message: 'This link is not valid' }),
      });
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Create account and join' })).toBeNull();
    },
  );

  it('offers to try again when the invitation cannot be read', async () => {
    openInvitation({ [READ_INVITATION]: failWith(503, { message: 'The server is busy' }) });
    expect(await screen.findByText('Could not open the invitation')).toBeInTheDocument();
    expect(screen.getByText('The server is busy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('creates the account with the names and a password, then opens the business', async () => {
    const api = openInvitation({ 'POST /api/auth/accept-invitation': packer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create account and join' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(screen.getByText('Use at least 12 characters')).toBeInTheDocument();
    expect(api.made('POST', '/api/auth/accept-invitation')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Mele');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Kahale');
    await user.type(screen.getByLabelText(/^Password/), 'ripe lychee under moonlit rain');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText(/Dashboard/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.made('POST', '/api/auth/accept-invitation')[0]?.body).toEqual({
      token: TOKEN,
      firstName: 'Mele',
      lastName: 'Kahale',
      password: 'ripe lychee under moonlit rain',
    });
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(packer);
  });

  it('signs in with an existing account, then joins', async () => {
    const api = openInvitation({
      'POST /api/auth/login': user('restaurant'),
      'POST /api/auth/accept-invitation': packer,
    });
    const person = userEvent.setup();
    await person.click(await screen.findByRole('tab', { name: 'I already have an account' }));
    await person.type(screen.getByRole('textbox', { name: /Email/ }), 'mele@example.com');
    await person.type(screen.getByLabelText(/^Password/), 'an old password of mine');
    await person.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(/Dashboard/)).toBeInTheDocument();
    expect(api.made('POST', '/api/auth/accept-invitation')[0]?.body).toEqual({ token: TOKEN });
  });

  it('says an expired invitation has expired, and to ask for a new one', async () => {
    openInvitation({
      'POST /api/auth/accept-invitation': failWith(400, {
        code: 'expired_token',
        message: 'This link has expired',
      }),
    });
    const person = userEvent.setup();
    await person.type(await screen.findByRole('textbox', { name: /First name/ }), 'Mele');
    await person.type(screen.getByRole('textbox', { name: /Last name/ }), 'Kahale');
    await person.type(screen.getByLabelText(/^Password/), 'ripe lychee under moonlit rain');
    await person.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(
      await screen.findByRole(
        'heading',
        { name: 'This invitation has expired — ask for a new one' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it('says a link without its token is not complete', async () => {
    fakeApi({ 'GET /api/auth/user': failWith(401, { message: 'Not signed in' }) });
    renderInApp(<AcceptInvitationPage />, { route: '/accept-invitation' });
    expect(
      await screen.findByRole('heading', { name: 'This link is not complete' }),
    ).toBeInTheDocument();
  });
});

describe('accepting an invitation, signed in', () => {
  it('joins with the token alone, and leaves nothing of the business before', async () => {
    queryClient.setQueryData(['/api/orders/restaurant', {}], { pages: [] });
    cartActions.add(product({ id: 10, name: 'Kale' }), 2);
    const api = openInvitation({ 'POST /api/auth/accept-invitation': packer }, user('restaurant'));
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText('Dashboard, cart of 0')).toBeInTheDocument();
    expect(api.made('POST', '/api/auth/accept-invitation')[0]?.body).toEqual({ token: TOKEN });
    expect(queryClient.getQueryData(['/api/orders/restaurant', {}])).toBeUndefined();
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(packer);
  });

  it('names the business to a person signed in with the invited address', async () => {
    openInvitation({}, user('restaurant'));
    expect(
      await screen.findByRole('heading', { name: 'Join Kula Greens on Harvest Hui' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(
      'Kula Greens invited restaurant@example.com as Packer. You are signed in with that address.',
    );
  });

  it('says before any click that the invitation is for another address, and offers to sign out', async () => {
    const api = openInvitation({ [READ_INVITATION]: offer }, user('restaurant'));
    expect(
      await screen.findByRole('heading', { name: 'Join Kula Greens on Harvest Hui' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You are signed in as restaurant@example.com, not the address the invitation was sent to. Sign out, then open the link again and sign in or create the account with mele@example.com.',
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the team' })).toBeNull();
    expect(api.made('POST', '/api/auth/accept-invitation')).toEqual([]);
  });

  it('explains a refusal for another email that comes only on joining, and offers to sign out', async () => {
    openInvitation(
      {
        'POST /api/auth/accept-invitation': failWith(409, {
          code: 'invitation_email_mismatch',
          message: 'This invitation was sent to another email address',
        }),
      },
      user('restaurant'),
    );
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Join the team' }));
    expect(
      await screen.findByRole('heading', { name: 'This invitation is for another email address' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('explains a used invitation', async () => {
    openInvitation(
      {
        'POST /api/auth/accept-invitation': failWith(400, {
          code: 'used_token',
          message: 'This link was already used',
        }),
      },
      user('farmer'),
    );
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Join the team' }));
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'This invitation has already been used' }),
      ).toBeInTheDocument(),
    );
  });
});
