import type { User } from '#core/schemas/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '../../lib/auth';
import { queryClient } from '../../lib/query-client';
import { fakeApi } from '../../test/fake-api';
import { user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { LocationSwitcher } from './location-switcher';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A group buyer acting for the first of the group's two kitchens. */
const groupBuyer: User = {
  ...user('restaurant'),
  businessRole: 'buyer',
  memberships: [
    { kind: 'restaurant', id: 1, name: 'Kaimuki Table', businessRole: 'buyer', groupId: 3 },
    { kind: 'restaurant', id: 2, name: 'Kailua Table', businessRole: 'buyer', groupId: 3 },
  ],
};
const atKailua: User = {
  ...groupBuyer,
  profile: { ...groupBuyer.profile!, id: 2, name: 'Kailua Table' },
};

describe('the location switcher', () => {
  it('names the location ordering and switches to another in one tap', async () => {
    const api = fakeApi({ 'POST /api/auth/business': atKailua });
    renderInApp(<LocationSwitcher />, { user: groupBuyer });
    const region = await screen.findByRole('region', { name: 'Ordering location' });
    expect(region).toHaveTextContent('Ordering for Kaimuki Table');
    expect(screen.getByRole('button', { name: 'Kaimuki Table' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Kailua Table' }));
    expect(await screen.findByText('Kailua Table', { selector: 'strong' })).toBeInTheDocument();
    expect(api.made('POST', '/api/auth/business')[0]?.body).toEqual({ kind: 'restaurant', id: 2 });
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(atKailua);
  });

  it('shows nothing for a restaurant of no group', () => {
    fakeApi({});
    const alone = user('restaurant');
    renderInApp(<LocationSwitcher />, { user: alone });
    expect(screen.queryByRole('region', { name: 'Ordering location' })).not.toBeInTheDocument();
  });
});
