import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { DialogBox } from './dialog';

/** A screen that opens a dialog from its own state, as most screens do (no Dialog.Trigger). */
function Screen() {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Edit note</Button>
      <Button onClick={() => setConfirming(true)}>Cancel order</Button>
      <DialogBox open={open} onOpenChange={setOpen} title="Edit the note">
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </DialogBox>
      <ConfirmDialog
        open={confirming}
        title="Cancel this order?"
        description="The farm is told."
        confirmLabel="Cancel order"
        pendingLabel="Cancelling…"
        pending={false}
        onConfirm={() => setConfirming(false)}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

describe('a dialog opened by a screen’s state', () => {
  it('gives focus back to what opened it when Escape closes it', async () => {
    renderInApp(<Screen />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Edit note' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Edit the note' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('gives focus back after its own Cancel, and after a confirm dialog’s Keep (loaded when it opens)', async () => {
    renderInApp(<Screen />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Edit note' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());

    const cancelOrder = screen.getByRole('button', { name: 'Cancel order' });
    await user.click(cancelOrder);
    await user.click(await screen.findByRole('button', { name: 'Keep as it is' }));
    await waitFor(() => expect(cancelOrder).toHaveFocus());
  });
});
