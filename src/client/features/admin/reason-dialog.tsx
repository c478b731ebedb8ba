import {
  ADMIN_REASON_MAX_LENGTH,
  adminReasonBody,
  type AdminReasonBody,
  type AdminReasonInput,
} from '#core/schemas/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/form';

/**
 * A decision that needs a reason (declining a farm, suspending a business), asked before it is
 * made: the dialog is the confirmation, and the reason, checked by the server's own schema, is
 * what the business is told.
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
  const { register, handleSubmit, reset, formState } = useForm<
    AdminReasonInput,
    unknown,
    AdminReasonBody
  >({
    resolver: zodResolver(adminReasonBody),
    defaultValues: { reason: '' },
    // After the first try, each keystroke checks again, so the message goes as the reason comes.
    reValidateMode: 'onChange',
  });
  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit((body) => onConfirm(body.reason));

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent title={title} description={description}>
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <Field
            label="Reason"
            error={formState.errors.reason?.message}
            hint="The business is told this, in the app and by email."
            required
          >
            {(ids) => (
              <Textarea
                {...ids}
                autoFocus
                rows={4}
                maxLength={ADMIN_REASON_MAX_LENGTH}
                {...register('reason')}
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
