import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '#core/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AccountForm, EmailField } from '../../components/ui/auth-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/form';
import { PasswordInput } from '../../components/ui/password-input';
import { failureMessage } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/form-errors';
import { useSignIn } from './api';

export function useSignInForm() {
  return useForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });
}

/** Email and password; `onSignedIn` runs once the session is this user's. */
export function SignInForm({
  form,
  onSignedIn,
}: {
  form: ReturnType<typeof useSignInForm>;
  onSignedIn: () => void;
}) {
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      if (!showServerFieldErrors(error, setError, ['email', 'password'])) {
        setError('root.server', {
          message: failureMessage(error, 'Could not sign in. Please try again.'),
        });
      }
    }
  });

  return (
    <AccountForm onSubmit={onSubmit} error={errors.root?.server?.message}>
      <EmailField error={errors.email?.message} registration={register('email')} />
      <Field label="Password" error={errors.password?.message} required>
        {(ids) => (
          <PasswordInput {...ids} {...register('password')} autoComplete="current-password" />
        )}
      </Field>
      <Link
        to="/forgot-password"
        className="-mt-2 inline-flex min-h-11 items-center self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Forgot password?
      </Link>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </Button>
    </AccountForm>
  );
}
