import { RECIPIENT_REQUIRED_MESSAGE } from '#core/schemas/order';
import type { Order } from '#core/schemas/order';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { order } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { ConfirmDeliveryDialog } from './confirm-delivery-dialog';
import { useFarmOrderActions } from './order-actions';

afterEach(() => {
  vi.unstubAllGlobals();
});

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

  it('refuses a blank name with a message next to the field, and no toast', async () => {
    const { onConfirm, user } = open();
    await user.type(screen.getByLabelText(/Recipient's name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Confirm Delivery' }));
    const field = screen.getByLabelText(/Recipient's name/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(RECIPIENT_REQUIRED_MESSAGE);
    expect(screen.queryByText('Recipient Required')).not.toBeInTheDocument();
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

/** The farm's order actions as a card uses them: Mark as Delivered opens the dialog. */
function Deliver({ delivering }: { delivering: Order }) {
  const actions = useFarmOrderActions();
  return (
    <>
      <button type="button" onClick={() => actions.requestMove(delivering, 'delivered')}>
        Mark as Delivered
      </button>
      {actions.dialogs}
    </>
  );
}

describe('confirming a delivery after a blank name', () => {
  it('leaves no error behind and says the delivery is confirmed', async () => {
    const inTransit = order(42, 'in_transit');
    const api = fakeApi({
      'PATCH /api/orders/42/status': {
        ...inTransit,
        status: 'delivered',
        recipientName: 'Leilani',
      },
    });
    renderInApp(<Deliver delivering={inTransit} />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: 'Mark as Delivered' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Delivery' }));
    expect(await screen.findByText(RECIPIENT_REQUIRED_MESSAGE)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Recipient's name/), 'Leilani');
    await user.click(screen.getByRole('button', { name: 'Confirm Delivery' }));
    await waitFor(() => expect(api.made('PATCH', '/api/orders/42/status')).toHaveLength(1));
    expect(api.made('PATCH', '/api/orders/42/status')[0]!.body).toEqual({
      status: 'delivered',
      recipientName: 'Leilani',
    });
    expect(await screen.findByText('Delivery confirmed')).toBeInTheDocument();
    expect(screen.getByText('Order #42 was received by Leilani.')).toBeInTheDocument();
    expect(screen.queryByText(RECIPIENT_REQUIRED_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText('Recipient Required')).not.toBeInTheDocument();
  });
});
