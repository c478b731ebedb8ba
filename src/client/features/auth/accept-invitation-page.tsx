import { PASSWORD_MIN_LENGTH } from '#core/password-rule';
import type { User } from '#core/schemas/auth';
import {
  acceptWithNewAccountForm,
  TEAM_ERROR_CODES,
  type AcceptInvitationBody,
  type AcceptWithNewAccountForm,
} from '#core/schemas/team';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AccountPageLayout } from '../../components/layout/account-page-layout';
import { AccountForm, NameFields, Notice } from '../../components/ui/auth-form';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/form';
import { PasswordInput } from '../../components/ui/password-input';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast';
import { ApiError, failureMessage } from '../../lib/api';
import { signOut, useAuth } from '../../lib/auth';
import { showServerFieldErrors } from '../../lib/form-errors';
import { newPasswordProblem, preloadPasswordEstimator } from '../../lib/password-strength';
import { useAcceptInvitation, useInvitationOffer } from './api';
import { SignInForm, useSignInForm } from './sign-in-form';

/** Why the invitation cannot be used, each with its own page. */
type Problem = 'missing' | 'expired' | 'used' | 'invalid' | 'mismatch';

const TOKEN_PROBLEMS: Record<string, Problem> = {
  [TEAM_ERROR_CODES.expiredToken]: 'expired',
  [TEAM_ERROR_CODES.usedToken]: 'used',
  [TEAM_ERROR_CODES.invalidToken]: 'invalid',
  [TEAM_ERROR_CODES.emailMismatch]: 'mismatch',
};

/**
 * The problem a refused read or acceptance names, or null for one the form shows (a weak
 * password) or that is no verdict on the invitation (the server unreachable).
 */
function problemOf(error: unknown): Problem | null {
  if (!(error instanceof ApiError)) return null;
  const code = error.body?.code;
  return code ? (TOKEN_PROBLEMS[code] ?? null) : null;
}

const PROBLEM_PAGES: Record<Problem, { title: string; text: string }> = {
  missing: {
    title: 'This link is not complete',
    text: 'Open the invitation again from the email. If it still does not work, ask for a new one.',
  },
  expired: {
    title: 'This invitation has expired — ask for a new one',
    text: 'Invitations work for 7 days. Ask an owner of the business to send you a new one.',
  },
  used: {
    title: 'This invitation has already been used',
    text: 'Each invitation works once. If you accepted it, sign in to reach the business; otherwise ask for a new one.',
  },
  invalid: {
    title: 'This invitation link is not valid',
    text: 'It may have been revoked, or replaced by a newer one. Open the newest invitation email, or ask for a new one.',
  },
  mismatch: {
    title: 'This invitation is for another email address',
    text: 'You are signed in with a different email than the invitation was sent to. Sign out, then open the invitation again and sign in or create the account with the invited email.',
  },
};

function ProblemPage({ problem, signedIn }: { problem: Problem; signedIn: boolean }) {
  const page = PROBLEM_PAGES[problem];
  return (
    <AccountPageLayout title={page.title}>
      <div className="flex flex-col gap-4">
        <Notice tone="error">{page.text}</Notice>
        {problem === 'mismatch' ? (
          <Button size="lg" onClick={signOut}>
            Sign out
          </Button>
        ) : problem === 'used' && !signedIn ? (
          <Button asChild size="lg">
            <Link to="/login">Sign in</Link>
          </Button>
        ) : null}
      </div>
    </AccountPageLayout>
  );
}

/** Names and a password, with the same rule and messages as creating an account. */
function NewAccountForm({
  onAccept,
}: {
  onAccept: (values: AcceptWithNewAccountForm) => Promise<unknown>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(acceptWithNewAccountForm),
    defaultValues: { firstName: '', lastName: '', password: '' },
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
      await onAccept(values);
    } catch (error) {
      if (problemOf(error)) return;
      const fields = ['firstName', 'lastName', 'password'] as const;
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
      <Field
        label="Password"
        error={errors.password?.message}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common or guessable one`}
        required
      >
        {(ids) => <PasswordInput {...ids} {...register('password')} autoComplete="new-password" />}
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create account and join'}
      </Button>
    </AccountForm>
  );
}

type Mode = 'create' | 'signin';

/** The same address, as the server compares them (kept in lower case). */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * /accept-invitation?token=…: the page an invitation email opens (docs/product.md#accept-an-
 * invitation). It reads the invitation first, so that it names the business, the role and the
 * invited address; a link that no longer works shows its problem at once. Signed out, the
 * person creates their account or signs in, then joins; signed in with the invited address,
 * they join; signed in with another, they are told so before anything is sent. The session
 * then acts for the business, whose dashboard follows.
 */
export function AcceptInvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const { user } = useAuth();
  const offer = useInvitationOffer(token);
  const accept = useAcceptInvitation();
  const signInForm = useSignInForm();
  const [mode, setMode] = useState<Mode>('create');
  const [problem, setProblem] = useState<Problem | null>(token ? null : 'missing');
  const [joinError, setJoinError] = useState<string | null>(null);

  const joined = (member: User) => {
    toast({
      title: 'Welcome to the team',
      description: member.profile ? `You now act for ${member.profile.name}.` : undefined,
    });
    void navigate('/', { replace: true });
  };

  /** Accepts; a problem with the invitation itself turns the page into its explanation. */
  const acceptWith = async (extra: Omit<AcceptInvitationBody, 'token'>) => {
    setJoinError(null);
    try {
      joined(await accept.mutateAsync({ token, ...extra }));
    } catch (error) {
      const found = problemOf(error);
      if (found) setProblem(found);
      throw error;
    }
  };

  const join = () =>
    void acceptWith({}).catch((error: unknown) => {
      if (!problemOf(error)) {
        setJoinError(failureMessage(error, 'Could not join. Please try again.'));
      }
    });

  const shownProblem = problem ?? problemOf(offer.error);
  if (shownProblem) return <ProblemPage problem={shownProblem} signedIn={Boolean(user)} />;

  if (!offer.data) {
    return (
      <AccountPageLayout title="Your invitation to Harvest Hui">
        {offer.error ? (
          <ErrorState
            title="Could not open the invitation"
            error={offer.error}
            onRetry={() => void offer.refetch()}
          />
        ) : (
          <div className="flex flex-col gap-3" aria-busy="true" aria-label="Opening the invitation">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        )}
      </AccountPageLayout>
    );
  }

  const { businessName, email, roleLabel } = offer.data;
  const title = `Join ${businessName} on Harvest Hui`;
  const invited = (
    <>
      {businessName} invited <strong className="[overflow-wrap:anywhere]">{email}</strong> as{' '}
      {roleLabel}.
    </>
  );

  if (user && !sameAddress(user.email, email)) {
    // Accepting would be refused (409 invitation_email_mismatch): say so before any click.
    return (
      <AccountPageLayout title={title} description={invited}>
        <div className="flex flex-col gap-4">
          <Notice tone="error">
            You are signed in as <strong className="[overflow-wrap:anywhere]">{user.email}</strong>,
            not the address the invitation was sent to. Sign out, then open the link again and sign
            in or create the account with{' '}
            <strong className="[overflow-wrap:anywhere]">{email}</strong>.
          </Notice>
          <Button size="lg" onClick={signOut}>
            Sign out
          </Button>
        </div>
      </AccountPageLayout>
    );
  }

  if (user) {
    return (
      <AccountPageLayout
        title={title}
        description={
          <>
            {invited} You are signed in with that address. Joining adds the business to your
            account; your other businesses stay, and the account menu switches between them.
          </>
        }
      >
        <div className="flex flex-col gap-4">
          {joinError ? <Notice tone="error">{joinError}</Notice> : null}
          <Button size="lg" disabled={accept.isPending} onClick={join}>
            {accept.isPending ? 'Joining...' : 'Join the team'}
          </Button>
          <p className="text-center text-sm text-stone-600">
            Not {user.email}?{' '}
            <button
              type="button"
              onClick={signOut}
              className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline"
            >
              Sign out
            </button>
          </p>
        </div>
      </AccountPageLayout>
    );
  }

  return (
    <AccountPageLayout
      title={title}
      description={
        <>
          {invited} Use <strong className="[overflow-wrap:anywhere]">{email}</strong>, the address
          the invitation was sent to.
        </>
      }
    >
      <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)}>
        <TabsList aria-label="Account" className="mb-5 flex w-full flex-nowrap">
          <TabsTrigger value="create" className="min-h-11 flex-1">
            Create your account
          </TabsTrigger>
          <TabsTrigger value="signin" className="min-h-11 flex-1">
            I already have an account
          </TabsTrigger>
        </TabsList>
        <TabsContent value="create">
          <NewAccountForm onAccept={(values) => acceptWith(values)} />
        </TabsContent>
        <TabsContent value="signin" className="flex flex-col gap-3">
          <p className="text-sm text-stone-600">Sign in, and you join the team at once.</p>
          <SignInForm form={signInForm} onSignedIn={join} />
        </TabsContent>
      </Tabs>
    </AccountPageLayout>
  );
}
