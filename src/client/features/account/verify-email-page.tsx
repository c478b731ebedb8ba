import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { Notice } from '../../components/ui/auth-form';
import { AccountPageLayout } from '../../components/layout/account-page-layout';
import { useResendVerification, useVerifyEmail } from './api';

/** /verify-email?token=…: confirms the address as soon as the emailed link opens it. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const { user } = useAuth();
  const resend = useResendVerification();
  const started = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (!token || started.current) return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const failure = !token
    ? 'This link is not complete. Open it again from the email.'
    : verify.error instanceof ApiError
      ? verify.error.userMessage('This link is not valid.')
      : verify.error
        ? 'Could not confirm the address. Please try again.'
        : null;

  return (
    <AccountPageLayout title="Confirm your email address">
      {verify.isSuccess ? (
        <div className="flex flex-col gap-4">
          <Notice tone="success">{verify.data.message} Order updates will reach you there.</Notice>
          <Button asChild size="lg">
            <Link to="/">Continue to Harvest Hui</Link>
          </Button>
        </div>
      ) : failure ? (
        <div className="flex flex-col gap-4">
          <Notice tone="error">{failure}</Notice>
          {user && !user.emailVerified ? (
            <Button
              size="lg"
              disabled={resend.isPending || resend.isSuccess}
              onClick={() => resend.mutate()}
            >
              {resend.isSuccess ? 'New Link Sent' : 'Send a New Link'}
            </Button>
          ) : (
            <Button asChild variant="outline" size="lg">
              <Link to={user ? '/' : '/login'}>
                {user ? 'Continue' : 'Sign in to ask for a new link'}
              </Link>
            </Button>
          )}
          {resend.isSuccess ? <Notice tone="success">{resend.data.message}</Notice> : null}
        </div>
      ) : (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Confirming">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      )}
    </AccountPageLayout>
  );
}
