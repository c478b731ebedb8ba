import type { User } from '#core/schemas/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent, ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SUSPENSION_EXPLANATION_ID, writesOffFor } from '../../lib/writes-off';
import { user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { Button } from './button';
import { Select } from './form';

function suspended(role: 'farmer' | 'restaurant'): User {
  const base = user(role);
  return {
    ...base,
    profile: {
      ...base.profile!,
      suspendedAt: '2026-11-20T18:00:00.000Z',
      suspensionReason: 'Unpaid market fees',
    },
  };
}

/**
 * Controls on a screen of this person's business, below words with the id of the status
 * banner's explanation (the banner itself is a feature's: the app's tests show it).
 */
function renderScreen(signedIn: User, controls: ReactNode) {
  renderInApp(
    <>
      <p id={SUSPENSION_EXPLANATION_ID}>Suspended since Nov 20. Reason: Unpaid market fees</p>
      {controls}
    </>,
    { user: signedIn },
  );
  return userEvent.setup();
}

describe('whether writes are off', () => {
  it('is off for a suspended farm or restaurant, pointing at the banner’s explanation', () => {
    expect(writesOffFor(suspended('farmer'))).toEqual({
      off: true,
      reasonId: SUSPENSION_EXPLANATION_ID,
      title: 'Your farm is suspended: changes are off',
    });
    expect(writesOffFor(suspended('restaurant'))).toMatchObject({
      off: true,
      title: 'Your restaurant is suspended: changes are off',
    });
  });

  it('is on for a business that is not suspended, and without a business', () => {
    expect(writesOffFor(user('farmer'))).toEqual({ off: false });
    expect(writesOffFor(user('admin'))).toEqual({ off: false });
    expect(writesOffFor(null)).toEqual({ off: false });
  });
});

describe('a button that writes', () => {
  it('is off for a suspended farm, titled and described by the banner’s words, and does nothing', async () => {
    const onAdd = vi.fn();
    const onHistory = vi.fn();
    const person = renderScreen(
      suspended('farmer'),
      <>
        <Button writes onClick={onAdd}>
          Add Product
        </Button>
        <Button onClick={onHistory}>Stock history</Button>
      </>,
    );
    const add = screen.getByRole('button', { name: 'Add Product' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAttribute('title', 'Your farm is suspended: changes are off');
    expect(add).toHaveAccessibleDescription('Suspended since Nov 20. Reason: Unpaid market fees');

    // Still reached by the keyboard (so its description is heard), but neither a click nor
    // Enter does anything.
    await person.tab();
    expect(add).toHaveFocus();
    await person.keyboard('{Enter}');
    await person.click(add);
    expect(onAdd).not.toHaveBeenCalled();

    // A button that only reads stays as it is.
    const history = screen.getByRole('button', { name: 'Stock history' });
    expect(history).not.toHaveAttribute('aria-disabled');
    expect(history).not.toHaveAttribute('title');
    await person.click(history);
    expect(onHistory).toHaveBeenCalledOnce();
  });

  it('keeps its own description first and sends no form while off', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const person = renderScreen(
      suspended('restaurant'),
      <form onSubmit={onSubmit}>
        <p id="save-hint">Saved for every member.</p>
        <Button writes type="submit" aria-describedby="save-hint">
          Save Changes
        </Button>
      </form>,
    );
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toHaveAttribute('aria-describedby', `save-hint ${SUSPENSION_EXPLANATION_ID}`);
    expect(save).toHaveAttribute('title', 'Your restaurant is suspended: changes are off');
    await person.click(save);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is on, with nothing added, for a business that is not suspended', async () => {
    const onAdd = vi.fn();
    const person = renderScreen(
      user('farmer'),
      <Button writes onClick={onAdd}>
        Add Product
      </Button>,
    );
    const add = screen.getByRole('button', { name: 'Add Product' });
    expect(add).not.toHaveAttribute('aria-disabled');
    expect(add).not.toHaveAttribute('aria-describedby');
    expect(add).not.toHaveAttribute('title');
    await person.click(add);
    expect(onAdd).toHaveBeenCalledOnce();
  });
});

describe('a select that writes', () => {
  const roles = (
    <Select writes aria-label="Role of Leilani" defaultValue="buyer">
      <option value="owner">Owner</option>
      <option value="buyer">Buyer</option>
    </Select>
  );

  it('is disabled for a suspended business, titled and described by the banner’s words', () => {
    renderScreen(suspended('farmer'), roles);
    const select = screen.getByRole('combobox', { name: 'Role of Leilani' });
    expect(select).toBeDisabled();
    expect(select).toHaveAttribute('title', 'Your farm is suspended: changes are off');
    expect(select).toHaveAccessibleDescription(
      'Suspended since Nov 20. Reason: Unpaid market fees',
    );
  });

  it('is enabled otherwise', () => {
    renderScreen(user('farmer'), roles);
    const select = screen.getByRole('combobox', { name: 'Role of Leilani' });
    expect(select).toBeEnabled();
    expect(select).not.toHaveAttribute('aria-describedby');
  });
});
