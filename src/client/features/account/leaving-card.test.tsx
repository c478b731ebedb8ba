import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi } from '../../test/fake-api';
import { user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { LeavingCard } from './leaving-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LAST_OWNER =
  'You are the only owner of Kula Greens: make someone else an owner or close the business first';

async function askToClose() {
  const person = userEvent.setup();
  await person.click(await screen.findByRole('button', { name: 'Close My Account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
  return { person, dialog };
}

describe('closing the account from the settings', () => {
  it('asks for the password before sending anything', async () => {
    const api = fakeApi({});
    renderInApp(<LeavingCard />, { user: user('farmer') });
    const { person, dialog } = await askToClose();
    await person.click(within(dialog).getByRole('button', { name: 'Close My Account' }));
    expect(await within(dialog).findByText('Enter your current password')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's last_owner message in the dialog", async () => {
    const api = fakeApi({
      'POST /api/auth/delete-account': failWith(409, { code: 'last_owner', message: LAST_OWNER }),
    });
    renderInApp(<LeavingCard />, { user: user('farmer') });
    const { person, dialog } = await askToClose();
    await person.type(within(dialog).getByLabelText(/Current password/), 'aloha-demo-2026');
    await person.click(within(dialog).getByRole('button', { name: 'Close My Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LAST_OWNER);
    await waitFor(() => expect(api.made('POST', '/api/auth/delete-account')).toHaveLength(1));
  });

  it('puts a wrong password next to the field', async () => {
    fakeApi({
      'POST /api/auth/delete-account': failWith(400, {
        code: 'wrong_password',
        message: 'This is not your current password',
        fields: { currentPassword: 'This is not your current password' },
      }),
    });
    renderInApp(<LeavingCard />, { user: user('restaurant') });
    const { person, dialog } = await askToClose();
    await person.type(within(dialog).getByLabelText(/Current password/), 'not-it');
    await person.click(within(dialog).getByRole('button', { name: 'Close My Account' }));
    expect(
      await within(dialog).findByText('This is not your current password'),
    ).toBeInTheDocument();
  });
});
