// @vitest-environment jsdom
import { RECIPIENT_REQUIRED_MESSAGE } from '#core/schemas/order';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { ConfirmDeliveryDialog } from './confirm-delivery-dialog';

function open(props: { pending?: boolean } = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderInApp(
    <ConfirmDeliveryDialog
      orderId={42}
      restaurantName="Alan Bistro"
      pending={props.pending ?? false}
      onClose={onClose}
      onConfirm={onConfirm}
    />,
  );
  return { onConfirm, onClose, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

describe('the Confirm Delivery form', () => {
  it('asks who received the order', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Confirm Delivery' })).toHaveTextContent(
      'Who received order #42 at Alan Bistro?',
    );
    expect(screen.getByLabelText(/Recipient's name/)).toHaveFocus();
  });

  it('refuses a blank name with a message next to the field and a toast', async () => {
    const { onConfirm, user } = open();
    await user.type(screen.getByLabelText(/Recipient's name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Confirm Delivery' }));
    const field = screen.getByLabelText(/Recipient's name/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(RECIPIENT_REQUIRED_MESSAGE);
    expect(await screen.findByText('Recipient Required')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    // Typing clears the message.
    await user.type(field, 'L');
    expect(field).toHaveAttribute('aria-invalid', 'false');
  });

  it('confirms with the trimmed name when the form is sent', async () => {
    const { onConfirm, user } = open();
    await user.type(screen.getByLabelText(/Recipient's name/), '  Leilani Kahale {Enter}');
    expect(onConfirm).toHaveBeenCalledWith('Leilani Kahale');
  });

  it('says it is working and cannot be sent twice while the change is on its way', () => {
    open({ pending: true });
    expect(screen.getByRole('button', { name: 'Confirming...' })).toBeDisabled();
  });

  it('Cancel closes without confirming', async () => {
    const { onConfirm, onClose, user } = open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
