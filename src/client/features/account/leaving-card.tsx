import { Download, UserX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { PasswordConfirmDialog } from '../../components/ui/password-confirm-dialog';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
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
      <PasswordConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Close your account?"
        description="This cannot be undone. You will be signed out on every device, and this email address can be used for a new account."
        keepLabel="Keep My Account"
        confirmLabel="Close My Account"
        failure="Your account was not closed. Please try again."
        onConfirm={async (body) => {
          await close.mutateAsync(body);
          // The session ended with the account: a fresh load lands on the signed-out home page.
          window.location.assign('/');
        }}
      />
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
