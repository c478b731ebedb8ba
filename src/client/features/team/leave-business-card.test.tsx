import type { TeamMember } from '#core/schemas/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi, pageOf } from '../../test/fake-api';
import { member, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { LeaveBusinessCard } from './leave-business-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

const OWNERS = '/api/team?businessRole=owner&limit=1';
const ONLY_OWNER =
  'You are the only owner of Kula Greens, and a business needs an owner. Make someone else an owner first.';
const kai: TeamMember = {
  userId: 7,
  name: 'Kai',
  email: 'farmer@example.com',
  businessRole: 'owner',
  lastActiveAt: null,
};

async function askToLeave() {
  const person = userEvent.setup();
  await person.click(await screen.findByRole('button', { name: 'Leave Kula Greens' }));
  return { person, dialog: await screen.findByRole('dialog', { name: 'Leave Kula Greens?' }) };
}

describe('leaving the business from the settings', () => {
  it('tells the only owner before confirming, and offers no Leave', async () => {
    const api = fakeApi({ [`GET ${OWNERS}`]: pageOf([kai], { total: 1 }) });
    renderInApp(<LeaveBusinessCard />, { user: user('farmer') });
    const { dialog } = await askToLeave();
    expect(await within(dialog).findByText(ONLY_OWNER)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Leave' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Keep as it is' })).toBeEnabled();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('offers Leave to an owner when there is another, the server keeping the last word', async () => {
    const api = fakeApi({
      [`GET ${OWNERS}`]: pageOf([kai], { total: 2, next: `${OWNERS}&cursor=x` }),
      // The server keeps the last word: here it finds the other owner gone meanwhile.
      'DELETE /api/team/members/7': failWith(409, {
        code: 'last_owner',
        message: 'A business needs an owner: make someone else an owner before this one leaves.',
      }),
    });
    renderInApp(<LeaveBusinessCard />, { user: user('farmer') });
    await waitFor(() => expect(api.made('GET', OWNERS)).toHaveLength(1));
    const { person, dialog } = await askToLeave();
    await person.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(
      await screen.findByText(
        'A business needs an owner: make someone else an owner before this one leaves.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(ONLY_OWNER)).toBeNull();
  });

  it('does not count the owners for a member who is not one', async () => {
    const api = fakeApi({});
    renderInApp(<LeaveBusinessCard />, { user: member('farmer', 'packer') });
    const { dialog } = await askToLeave();
    expect(within(dialog).getByRole('button', { name: 'Leave' })).toBeEnabled();
    expect(api.calls).toEqual([]);
  });
});
