import { ADMIN_REASON_MAX_LENGTH, adminReasonBody } from '#core/schemas/admin';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/form';

/**
 * A decision that needs a reason (declining a farm, suspending a business), asked before it is
 * made: the dialog is the confirmation, and the reason, checked by the server's own schema, is
 * what the business is told. One field: checked by the schema itself, without a form library.
 */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  // After the first try, each keystroke checks again, so the message goes as the reason comes.
  const [tried, setTried] = useState(false);
  const checked = adminReasonBody.safeParse({ reason });
  const error = tried && !checked.success ? checked.error.issues[0]?.message : undefined;
  const close = () => {
    setReason('');
    setTried(false);
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (checked.success) onConfirm(checked.data.reason);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent title={title} description={description}>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field
            label="Reason"
            error={error}
            hint="The business is told this, in the app and by email."
            required
          >
            {(ids) => (
              <Textarea
                {...ids}
                autoFocus
                rows={4}
                maxLength={ADMIN_REASON_MAX_LENGTH}
                name="reason"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
