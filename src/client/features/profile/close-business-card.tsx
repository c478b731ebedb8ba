import type { CloseBusinessBody, CloseBusinessOutput } from '#core/schemas/leaving';
import { useMutation } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Field } from '../../components/ui/form';
import { PasswordInput } from '../../components/ui/password-input';
import { ApiError, api } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/form-errors';

function useCloseBusiness() {
  return useMutation({
    mutationFn: (body: CloseBusinessBody) =>
      api.post<CloseBusinessOutput>('/api/business/close', body),
  });
}

/**
 * "Close this business", for its owners (docs/leaving.md#closing-a-business): a dialog that
 * says what happens and asks for the password.
 */
export function CloseBusinessCard({ kind, name }: { kind: 'farm' | 'restaurant'; name: string }) {
  const close = useCloseBusiness();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { currentPassword: '' } });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset();
      setRefusal(null);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await close.mutateAsync(values);
      // Every screen reads the business again: start from the dashboard.
      window.location.assign('/');
    } catch (error) {
      if (showServerFieldErrors(error, setError, ['currentPassword'])) return;
      setRefusal(
        error instanceof ApiError
          ? error.userMessage(`${name} was not closed. Please try again.`)
          : `${name} was not closed. Please try again.`,
      );
    }
  });

  const whatHappens =
    kind === 'farm'
      ? [
          'Your products leave the catalogue and restaurants can no longer order from you.',
          'Pending orders are cancelled, and each restaurant is told.',
          'Confirmed orders stay: you can still pack, deliver and record their payments.',
          'Your orders, invoices and traceability records are kept for the years the law asks.',
        ]
      : [
          'Your restaurant can no longer order, and its standing orders end.',
          'Pending orders are cancelled, and each farm is told.',
          'Confirmed orders are still delivered, and their bills stay yours to pay.',
          'Your orders and invoices are kept for the years the law asks.',
        ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Close this business</CardTitle>
        <CardDescription>
          Close {name} on Harvest Hui for good. Its team can still sign in and read its records.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Store aria-hidden="true" /> Close This Business
        </Button>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogContent title={`Close ${name}?`} description="This cannot be undone.">
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-stone-700">
              {whatHappens.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <form
              onSubmit={(event) => void onSubmit(event)}
              noValidate
              aria-label="Close this business"
              className="mt-4 flex flex-col gap-4"
            >
              <Field label="Your password" error={errors.currentPassword?.message} required>
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
                    Keep It Open
                  </Button>
                </DialogClose>
                <Button type="submit" variant="destructive" disabled={isSubmitting}>
                  {isSubmitting ? 'Closing...' : 'Close This Business'}
                </Button>
              </div>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
