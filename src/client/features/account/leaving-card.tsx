import { Download, UserX } from 'lucide-react';
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
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/form-errors';
import { useDeleteAccount } from './api';

/** "Download my data": the export as a zip (docs/leaving.md#export). */
function DownloadMyData() {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile('/api/auth/export', 'harvest-hui-my-data.zip');
    } catch (error) {
      toast({
        title: 'Download failed',
        description:
          error instanceof ApiError ? error.userMessage('Please try again.') : 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h3 className="text-sm font-semibold text-stone-900">Download my data</h3>
        <p className="text-sm text-stone-600">
          A zip of everything we keep about you and the businesses you belong to, as your role sees
          it: your profile, memberships, orders, invoices and notifications, as JSON and CSV files.
        </p>
      </div>
      <Button
        variant="outline"
        className="sm:self-start"
        onClick={() => void download()}
        disabled={downloading}
      >
        <Download aria-hidden="true" />
        {downloading ? 'Preparing...' : 'Download My Data'}
      </Button>
    </div>
  );
}

/** "Close my account": asks for the password; the server's refusal is shown in the dialog. */
function CloseMyAccount() {
  const close = useDeleteAccount();
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
      // The session ended with the account: a fresh load lands on the signed-out home page.
      window.location.assign('/');
    } catch (error) {
      if (showServerFieldErrors(error, setError, ['currentPassword'])) return;
      setRefusal(
        error instanceof ApiError
          ? error.userMessage('Your account was not closed. Please try again.')
          : 'Your account was not closed. Please try again.',
      );
    }
  });

  return (
    <div className="flex flex-col gap-3 border-t border-stone-200 pt-4">
      <div>
        <h3 className="text-sm font-semibold text-stone-900">Close my account</h3>
        <p className="text-sm text-stone-600">
          Signs you out everywhere and erases your name, email, phone and password. Orders and
          invoices keep the names printed on them. If you are the only owner of a business, make
          someone else an owner or close the business first.
        </p>
      </div>
      <Button variant="destructive" className="sm:self-start" onClick={() => setOpen(true)}>
        <UserX aria-hidden="true" /> Close My Account
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          title="Close your account?"
          description="This cannot be undone. You will be signed out on every device, and this email address can be used for a new account."
        >
          <form
            onSubmit={(event) => void onSubmit(event)}
            noValidate
            aria-label="Close my account"
            className="mt-4 flex flex-col gap-4"
          >
            <Field label="Current password" error={errors.currentPassword?.message} required>
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
                  Keep My Account
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={isSubmitting}>
                {isSubmitting ? 'Closing...' : 'Close My Account'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Edit Profile's card for taking one's data out and closing the account (docs/leaving.md). */
export function LeavingCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data and account</CardTitle>
        <CardDescription>Take your data with you, or close your account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <DownloadMyData />
        <CloseMyAccount />
      </CardContent>
    </Card>
  );
}
