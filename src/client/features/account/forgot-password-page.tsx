import { forgotPasswordBody } from '#core/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/form-errors';
import { AccountForm, EmailField, Notice } from '../../components/ui/auth-form';
import { AccountPageLayout } from '../../components/layout/account-page-layout';
import { useForgotPassword } from './api';

/** /forgot-password: asks for a link to choose a new password. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      setSent((await forgot.mutateAsync(values)).message);
    } catch (error) {
      if (!showServerFieldErrors(error, setError, ['email'])) {
        setError('root.server', {
          message:
            error instanceof ApiError
              ? error.userMessage('Could not send the link. Please try again.')
              : 'Could not send the link. Please try again.',
        });
      }
    }
  });

  return (
    <AccountPageLayout
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new one."
    >
      {sent ? (
        <div className="flex flex-col gap-4">
          <Notice tone="success">{sent}</Notice>
          <p className="text-sm text-stone-600">
            No email after a few minutes? Check the spam folder, or{' '}
            <button
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => setSent(null)}
            >
              try another address
            </button>
            .
          </p>
          <Button asChild variant="outline" size="lg">
            <Link to="/login">Back to sign in</Link>
          </Button>
        </div>
      ) : (
        <AccountForm onSubmit={onSubmit} error={errors.root?.server?.message}>
          <EmailField error={errors.email?.message} registration={register('email')} />
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <Link
            to="/login"
            className="mx-auto inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            I remember it: sign in
          </Link>
        </AccountForm>
      )}
    </AccountPageLayout>
  );
}
