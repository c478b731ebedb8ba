import { useForm } from 'react-hook-form';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/form-errors';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent } from './dialog';
import { Field } from './form';
import { PasswordInput } from './password-input';

/**
 * A step that cannot be undone, confirmed with the person's current password: a wrong password
 * is told under the field, any other refusal (409 last_owner, say) above the buttons, and the
 * dialog forgets both when it closes.
 */
export function PasswordConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  passwordLabel = 'Current password',
  keepLabel,
  confirmLabel,
  failure,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** What happens, shown above the password. */
  children?: ReactNode;
  passwordLabel?: string;
  keepLabel: string;
  confirmLabel: string;
  /** The message when the server refuses without saying why in words. */
  failure: string;
  onConfirm: (body: { currentPassword: string }) => Promise<void>;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { currentPassword: '' } });

  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      reset();
      setRefusal(null);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await onConfirm(values);
    } catch (error) {
      if (showServerFieldErrors(error, setError, ['currentPassword'])) return;
      setRefusal(error instanceof ApiError ? error.userMessage(failure) : failure);
    }
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent title={title} description={description}>
        {children}
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label={confirmLabel}
          className="mt-4 flex flex-col gap-4"
        >
          <Field label={passwordLabel} error={errors.currentPassword?.message} required>
            {(ids) => (
              <PasswordInput
                {...ids}
                {...register('currentPassword', { required: 'Enter your current password' })}
                autoComplete="current-password"
              />
            )}
          </Field>
          {refusal ? (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-destructive-soft px-3 py-2 text-sm text-red-900"
            >
              {refusal}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {keepLabel}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? 'Closing...' : confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
