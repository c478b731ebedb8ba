import type { User } from '#core/schemas/auth';
import { MailWarning } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { useResendVerification } from './api';

/** Shown in the app until the address is confirmed: email notifications wait for it. */
export function VerifyEmailBanner({ user }: { user: User }) {
  const resend = useResendVerification();
  if (user.emailVerified) return null;
  const failure =
    resend.error instanceof ApiError
      ? resend.error.userMessage('Could not send the link. Please try again.')
      : resend.error
        ? 'Could not send the link. Please try again.'
        : null;
  return (
    <div
      role="region"
      aria-label="Confirm your email address"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-300 bg-warning-soft p-4 text-sm text-amber-950 sm:flex-row sm:items-center"
    >
      <MailWarning className="hidden size-5 shrink-0 text-warning sm:block" aria-hidden="true" />
      <p className="flex-1">
        <strong className="font-semibold">Confirm your email address.</strong> We sent a link to{' '}
        <span className="font-medium break-all">{user.email}</span>. Until you open it, order
        updates reach you in the app and by text message, not by email.
        {resend.isSuccess ? <span role="status"> A new link is on its way.</span> : null}
        {failure ? <span role="alert"> {failure}</span> : null}
      </p>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-center"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Link Sent' : 'Resend Link'}
      </Button>
    </div>
  );
}
