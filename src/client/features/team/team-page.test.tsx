import type { Invitation, TeamMember } from '#core/schemas/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTestDate } from '../../test/clock';
import { failWith, fakeApi, pageOf } from '../../test/fake-api';
import { member, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { TeamPage } from './team-page';

// The invitation dialog loads on first use; compiling it then can outlast a query's wait.
beforeAll(async () => {
  await import('./invite-dialog');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const owner = user('farmer'); // id 7, the farm's owner
const self: TeamMember = {
  userId: 7,
  name: 'Kai',
  email: 'farmer@example.com',
  businessRole: 'owner',
  lastActiveAt: '2026-11-26T18:59:40Z',
};
const leilani: TeamMember = {
  userId: 8,
  name: 'Leilani K.',
  email: 'leilani@example.com',
  businessRole: 'packer',
  // 7:02 AM in Hawaii.
  lastActiveAt: '2026-11-26T17:02:00Z',
};
const noa: TeamMember = {
  userId: 9,
  name: null,
  email: 'noa@example.com',
  businessRole: 'bookkeeper',
  lastActiveAt: null,
};
const invitation: Invitation = {
  id: 3,
  email: 'keoni@example.com',
  businessRole: 'manager',
  invitedBy: 'Kalani M.',
  createdAt: '2026-11-25T20:00:00Z',
  expiresAt: '2026-12-02T20:00:00Z',
  expired: false,
};

const TEAM = 'GET /api/team?limit=50';
const INVITATIONS = 'GET /api/team/invitations?limit=50';
/** The owners' list, read for its total: how many owners the business has. */
const OWNERS = 'GET /api/team?businessRole=owner&limit=1';
const ONLY_OWNER =
  'You are the only owner of Kula Greens, and a business needs an owner. Make someone else an owner first.';

function showTeam(routes: Record<string, unknown> = {}) {
  setTestDate('2026-11-26T19:00:00Z');
  const api = fakeApi({ [TEAM]: [self, leilani, noa], [INVITATIONS]: [invitation], ...routes });
  renderInApp(<TeamPage />, { user: owner, route: '/team' });
  return api;
}

function row(name: string): HTMLElement {
  return screen.getByText(name).closest('li')!;
}

describe('the team page', () => {
  it('lists the members with their role and when they were last active, in Hawaii time', async () => {
    showTeam();
    expect(await screen.findByText('Leilani K.')).toBeInTheDocument();
    expect(
      within(row('Leilani K.')).getByRole('combobox', { name: 'Role of Leilani K.' }),
    ).toHaveValue('packer');
    expect(row('Leilani K.')).toHaveTextContent('Today at 7:02 AM');
    expect(row('noa@example.com')).toHaveTextContent('Never');
    // One's own row says so and offers Leave; the others' offer Remove.
    expect(within(row('Kai')).getByText('You')).toBeInTheDocument();
    expect(within(row('Kai')).getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(
      within(row('Leilani K.')).getByRole('button', { name: 'Remove Leilani K.' }),
    ).toBeInTheDocument();
    // Only the farm's roles are offered.
    const options = within(row('Leilani K.'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Owner', 'Manager', 'Packer', 'Bookkeeper']);
    expect(screen.getByText('keoni@example.com').closest('li')).toHaveTextContent(
      'Manager · Sent Nov 25 · Expires Dec 2',
    );
  });

  it('changes a role after asking, and says why the last owner cannot be demoted', async () => {
    const api = showTeam({
      'PATCH /api/team/members/8': { ...leilani, businessRole: 'manager' },
      'PATCH /api/team/members/7': failWith(409, {
        code: 'last_owner',
        message: 'Kula Greens needs an owner: make someone else an owner first.',
      }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('Leilani K.');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Role of Leilani K.' }),
      'manager',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Make Leilani K. Manager?' });
    expect(dialog).toHaveTextContent('Everything but the team, payment terms and tax.');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(api.made('PATCH', '/api/team/members/8')[0]?.body).toEqual({
        businessRole: 'manager',
      }),
    );
    expect(await screen.findByText('Leilani K. is now Manager.')).toBeInTheDocument();

    // The owners could not be counted here (no answer): the server's refusal says it after.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Kai' }), 'packer');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Make yourself Packer?' })).getByRole(
        'button',
        { name: 'Change role' },
      ),
    );
    expect(
      await screen.findByText('Kula Greens needs an owner: make someone else an owner first.'),
    ).toBeInTheDocument();
  });

  it('tells the only owner before confirming that they can neither step down nor leave', async () => {
    const api = showTeam({ [OWNERS]: pageOf([self], { total: 1 }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('Leilani K.');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Kai' }), 'packer');
    const demote = await screen.findByRole('dialog', { name: 'Make yourself Packer?' });
    expect(await within(demote).findByText(ONLY_OWNER)).toBeInTheDocument();
    expect(within(demote).queryByRole('button', { name: 'Change role' })).toBeNull();
    await user.click(within(demote).getByRole('button', { name: 'Keep as it is' }));
    expect(screen.getByRole('combobox', { name: 'Role of Kai' })).toHaveValue('owner');

    await user.click(within(row('Kai')).getByRole('button', { name: 'Leave' }));
    const leave = await screen.findByRole('dialog', { name: 'Leave Kula Greens?' });
    expect(leave).toHaveAccessibleDescription(expect.stringContaining(ONLY_OWNER));
    expect(within(leave).queryByRole('button', { name: 'Leave' })).toBeNull();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('lets an owner step down when the business has another owner', async () => {
    const api = showTeam({
      [OWNERS]: pageOf([self], { total: 2, next: '/api/team?businessRole=owner&limit=1&cursor=x' }),
      'PATCH /api/team/members/7': { ...self, businessRole: 'manager' },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('Leilani K.');
    await waitFor(() => expect(api.made('GET', OWNERS.slice(4))).toHaveLength(1));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Kai' }), 'manager');
    const dialog = await screen.findByRole('dialog', { name: 'Make yourself Manager?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(api.made('PATCH', '/api/team/members/7')).toHaveLength(1));
    expect(screen.queryByText(ONLY_OWNER)).toBeNull();
  });

  it('keeps a role when the question is declined', async () => {
    const api = showTeam();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('Leilani K.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Leilani K.' }), 'owner');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep as it is' }),
    );
    expect(screen.getByRole('combobox', { name: 'Role of Leilani K.' })).toHaveValue('packer');
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('removes a member after asking', async () => {
    const api = showTeam({ 'DELETE /api/team/members/8': () => undefined });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('Leilani K.');
    await user.click(screen.getByRole('button', { name: 'Remove Leilani K.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Leilani K. from the team?' });
    expect(dialog).toHaveTextContent('They are signed out of Kula Greens at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.made('DELETE', '/api/team/members/8')).toHaveLength(1));
    expect(
      await screen.findByText('Leilani K. no longer has access to Kula Greens.'),
    ).toBeInTheDocument();
  });

  it('resends and, after asking, revokes an invitation', async () => {
    const api = showTeam({
      'POST /api/team/invitations/3/resend': invitation,
      'DELETE /api/team/invitations/3': () => undefined,
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('keoni@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend to keoni@example.com' }));
    expect(await screen.findByText('Invitation sent again')).toBeInTheDocument();
    expect(api.made('POST', '/api/team/invitations/3/resend')).toHaveLength(1);

    await user.click(
      screen.getByRole('button', { name: 'Revoke the invitation of keoni@example.com' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() => expect(api.made('DELETE', '/api/team/invitations/3')).toHaveLength(1));
  });

  it('reads the members a page at a time', async () => {
    showTeam({
      [TEAM]: pageOf([self, leilani], { total: 3, next: '/api/team?limit=50&cursor=abc' }),
      'GET /api/team?limit=50&cursor=abc': pageOf([noa], { total: 3 }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(await screen.findByText('Showing 2 of 3 members')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Load more' })[0]!);
    expect(await screen.findByText('noa@example.com')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3 members')).toBeInTheDocument();
  });

  it('says when there is nothing pending, and when the team cannot be read', async () => {
    showTeam({
      [TEAM]: failWith(500, { message: 'Something went wrong' }),
      [INVITATIONS]: [],
    });
    expect(await screen.findByText('Could not load the team')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
  });
});

describe('inviting someone', () => {
  async function openInvite() {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getAllByRole('button', { name: 'Invite someone' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    return { user, dialog };
  }

  it('says what is missing, offers only the business’s roles, and sends the invitation', async () => {
    const api = showTeam({
      'POST /api/team/invitations': {
        id: 4,
        email: 'mele@example.com',
        businessRole: 'packer',
      },
    });
    const { user, dialog } = await openInvite();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Choose a role', { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(api.made('POST', '/api/team/invitations')).toEqual([]);

    const roles = within(within(dialog).getByRole('combobox', { name: /Role/ }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(roles).toEqual(['Choose a role', 'Owner', 'Manager', 'Packer', 'Bookkeeper']);

    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'Mele@Example.com');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Role/ }), 'packer');
    expect(dialog).toHaveTextContent('Sees no prices.');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(api.made('POST', '/api/team/invitations')[0]?.body).toEqual({
        email: 'mele@example.com',
        businessRole: 'packer',
      }),
    );
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
  });

  it('says a member already on the team is', async () => {
    showTeam({
      'POST /api/team/invitations': failWith(409, {
        code: 'already_member',
        message: 'leilani@example.com is already a member',
      }),
    });
    const { user, dialog } = await openInvite();
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'leilani@example.com');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Role/ }), 'manager');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Already on your team')).toBeInTheDocument();
  });

  it('offers a restaurant its own roles', async () => {
    setTestDate('2026-11-26T19:00:00Z');
    fakeApi({ [TEAM]: [], [INVITATIONS]: [] });
    renderInApp(<TeamPage />, { user: member('restaurant', 'owner'), route: '/team' });
    const { dialog } = await openInvite();
    const roles = within(within(dialog).getByRole('combobox', { name: /Role/ }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(roles).toEqual(['Choose a role', 'Owner', 'Buyer', 'Bookkeeper']);
  });
});
