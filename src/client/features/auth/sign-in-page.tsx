import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, registerBody } from '#core/schemas/auth';
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Brand } from '../../components/layout/brand';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { AccountForm, EmailField, NameFields, Notice } from '../../components/ui/auth-form';
import { Field } from '../../components/ui/form';
import { PasswordInput } from '../../components/ui/password-input';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { followsEndedSession, forgetEndedSession } from '../../lib/auth';
import { showServerFieldErrors } from '../../lib/form-errors';
import { newPasswordProblem, preloadPasswordEstimator } from '../../lib/password-strength';
import type { FirstDataContext } from '../../lib/first-data';
import { demoAccountsQuery, useDemoAccounts, useRegister } from './api';
import { failureMessage } from '../../lib/api';
import { SignInForm, useSignInForm } from './sign-in-form';

type Mode = 'signin' | 'register';

function RegisterForm({ onSignedIn }: { onSignedIn: () => void }) {
  const registerAccount = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerBody),
    defaultValues: { email: '', password: '', firstName: '', lastName: '' },
  });

  // The dictionaries load while the person types their name.
  useEffect(() => void preloadPasswordEstimator().catch(() => {}), []);

  const onSubmit = handleSubmit(async (values) => {
    const problem = await newPasswordProblem(values.password, values);
    if (problem) {
      setError('password', { message: problem }, { shouldFocus: true });
      return;
    }
    try {
      await registerAccount.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      const fields = ['email', 'password', 'firstName', 'lastName'] as const;
      if (!showServerFieldErrors(error, setError, fields)) {
        setError('root.server', {
          message: failureMessage(error, 'Could not create the account. Please try again.'),
        });
      }
    }
  });

  return (
    <AccountForm onSubmit={onSubmit} error={errors.root?.server?.message}>
      <NameFields
        errors={errors}
        firstName={register('firstName')}
        lastName={register('lastName')}
      />
      <EmailField error={errors.email?.message} registration={register('email')} />
      <Field
        label="Password"
        error={errors.password?.message}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common or guessable one`}
        required
      >
        {(ids) => <PasswordInput {...ids} {...register('password')} autoComplete="new-password" />}
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
    </AccountForm>
  );
}

function DemoAccountsCard({ onUse }: { onUse: (email: string, password: string) => void }) {
  const { data, isLoading, isError } = useDemoAccounts();
  if (isError || data === null) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <KeyRound className="size-4 text-primary" aria-hidden="true" />
          Demo accounts
        </CardTitle>
        {data ? (
          <CardDescription>
            Every demo account uses the password{' '}
            <code className="rounded bg-stone-100 px-1.5 py-0.5 font-mono whitespace-nowrap text-stone-900">
              {data.password}
            </code>
          </CardDescription>
        ) : (
          <Skeleton className="h-5 w-64 max-w-full" />
        )}
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-stone-100">
          {isLoading || !data
            ? [0, 1, 2].map((row) => (
                <li key={row} className="flex items-center justify-between gap-3 py-2">
                  <Skeleton className="h-9 w-48" />
                  <Skeleton className="h-11 w-16" />
                </li>
              ))
            : data.accounts.map((account) => (
                <li key={account.email} className="flex items-center justify-between gap-3 py-2">
                  <span className="flex min-w-0 flex-col">
                    <span className="text-sm font-medium">{account.label}</span>
                    <span className="truncate text-sm text-stone-600">{account.email}</span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onUse(account.email, data.password)}
                    aria-label={`Use the ${account.label} demo account`}
                  >
                    Use
                  </Button>
                </li>
              ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** /login: sign in, or create an account with ?mode=register. */
export function SignInPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: Mode = searchParams.get('mode') === 'register' ? 'register' : 'signin';
  const signInForm = useSignInForm();
  // Read once: the sentence stays while the page does, and not on the next visit.
  const [sessionEnded] = useState(followsEndedSession);
  useEffect(forgetEndedSession, []);

  const setMode = (next: Mode) =>
    setSearchParams(next === 'register' ? { mode: 'register' } : {}, { replace: true });
  const onSignedIn = () => void navigate('/', { replace: true });
  const fillDemoAccount = (email: string, password: string) => {
    setMode('signin');
    signInForm.clearErrors();
    signInForm.setValue('email', email);
    signInForm.setValue('password', password);
  };

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-primary-soft/60 to-stone-50">
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-2">
        <Brand />
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pt-4 pb-12 sm:pt-10">
        <div className="flex w-full max-w-md flex-col gap-4">
          <Card>
            <CardHeader className="gap-2 text-center">
              <h1 className="text-2xl font-bold tracking-tight">
                {mode === 'register' ? 'Create your account' : 'Welcome back'}
              </h1>
              <CardDescription>
                {mode === 'register'
                  ? 'Join Harvest Hui as a farm or a restaurant.'
                  : 'Sign in to manage your orders.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {sessionEnded ? (
                <div className="mb-4">
                  <Notice tone="error">
                    You were signed out: your session ended, or you no longer have access to the
                    business you were working for. Sign in again to continue.
                  </Notice>
                </div>
              ) : null}
              <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)}>
                <TabsList aria-label="Account" className="mb-5 flex w-full flex-nowrap">
                  <TabsTrigger value="signin" className="min-h-11 flex-1">
                    Sign In
                  </TabsTrigger>
                  <TabsTrigger value="register" className="min-h-11 flex-1">
                    Create Account
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="signin">
                  <SignInForm form={signInForm} onSignedIn={onSignedIn} />
                </TabsContent>
                <TabsContent value="register">
                  <RegisterForm onSignedIn={onSignedIn} />
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
          <DemoAccountsCard onUse={fillDemoAccount} />
          <Link
            to="/"
            className="mx-auto inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Back to the home page
          </Link>
        </div>
      </main>
    </div>
  );
}

/** The demo accounts (where the server has them), asked for with the page's code. */
SignInPage.firstData = ({ queryClient }: FirstDataContext) =>
  queryClient.prefetchQuery(demoAccountsQuery);
