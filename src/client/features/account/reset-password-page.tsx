import { PASSWORD_MIN_LENGTH } from '#core/password-rule';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/form';
import { PasswordInput } from '../../components/ui/password-input';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { newPasswordProblem, preloadPasswordEstimator } from '../../lib/password-strength';
import { Notice } from '../../components/ui/auth-form';
import { AccountPageLayout } from '../../components/layout/account-page-layout';
import { useResetPassword } from './api';

function LinkProblem({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-4">
      <Notice tone="error">{message}</Notice>
      <Button asChild size="lg">
        <Link to="/forgot-password">Send a New Link</Link>
      </Button>
    </div>
  );
}

/** /reset-password?token=…: the page the emailed link opens; sets a new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { password: '' } });

  useEffect(() => void preloadPasswordEstimator().catch(() => {}), []);

  const onSubmit = handleSubmit(async ({ password }) => {
    const problem = await newPasswordProblem(password, {});
    if (problem) {
      setError('password', { message: problem }, { shouldFocus: true });
      return;
    }
    try {
      await reset.mutateAsync({ token, password });
      toast({
        title: 'Password Changed',
        description: 'You are signed in. Every other device was signed out.',
      });
      void navigate('/', { replace: true });
    } catch (error) {
      const body = error instanceof ApiError ? error.body : null;
      if (body?.fields?.password) setError('password', { message: body.fields.password });
      else if (body?.fields?.token) setError('root.link', { message: body.fields.token });
      else {
        setError('root.server', {
          message: body?.message ?? 'Could not change the password. Please try again.',
        });
      }
    }
  });

  if (!token) {
    return (
      <AccountPageLayout title="Choose a new password">
        <LinkProblem message="This link is not complete. Open it again from the email, or ask for a new one." />
      </AccountPageLayout>
    );
  }

  return (
    <AccountPageLayout
      title="Choose a new password"
      description="Setting it signs your account out on every other device."
    >
      {errors.root?.link?.message ? (
        <LinkProblem message={errors.root.link.message} />
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
          {errors.root?.server?.message ? (
            <Notice tone="error">{errors.root.server.message}</Notice>
          ) : null}
          <Field
            label="New password"
            error={errors.password?.message}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common or guessable one`}
            required
          >
            {(ids) => (
              <PasswordInput
                {...ids}
                {...register('password', { required: 'Required' })}
                autoComplete="new-password"
              />
            )}
          </Field>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Set New Password'}
          </Button>
        </form>
      )}
    </AccountPageLayout>
  );
}
