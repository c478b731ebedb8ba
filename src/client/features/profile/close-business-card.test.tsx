import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi } from '../../test/fake-api';
import { user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CloseBusinessCard } from './close-business-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('closing the business from its settings', () => {
  it('says what happens and asks for the password before sending', async () => {
    const api = fakeApi({});
    renderInApp(<CloseBusinessCard kind="farm" name="Kula Greens" />, { user: user('farmer') });
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Close This Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Kula Greens?' });
    expect(within(dialog).getByText(/Pending orders are cancelled/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Confirmed orders stay/)).toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Close This Business' }));
    expect(await within(dialog).findByText('Enter your current password')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's refusal in the dialog", async () => {
    const api = fakeApi({
      'POST /api/business/close': failWith(403, {
        code: 'forbidden_for_role',
        message: 'Your role (Manager) does not allow this. Ask an owner of your business.',
      }),
    });
    renderInApp(<CloseBusinessCard kind="restaurant" name="Poke Bar" />, {
      user: user('restaurant'),
    });
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Close This Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Poke Bar?' });
    await person.type(within(dialog).getByLabelText(/Your password/), 'aloha-demo-2026');
    await person.click(within(dialog).getByRole('button', { name: 'Close This Business' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your role (Manager) does not allow this.',
    );
    await waitFor(() => expect(api.made('POST', '/api/business/close')).toHaveLength(1));
  });
});
