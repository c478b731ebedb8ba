import { PASSWORD_MIN_LENGTH } from '#core/password-rule';
import { KeyRound, LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field } from '../../components/ui/form';
import { PasswordInput } from '../../components/ui/password-input';
import { toast } from '../../components/ui/toast';
import type { User } from '#core/schemas/auth';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { showServerFieldErrors } from '../../lib/form-errors';
import { newPasswordProblem, preloadPasswordEstimator } from '../../lib/password-strength';
import { useChangePassword, useSignOutEverywhere } from './api';
import { LeavingCard } from './leaving-card';

function ChangePasswordForm({ user }: { user: User }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { currentPassword: '', newPassword: '' } });

  useEffect(() => void preloadPasswordEstimator().catch(() => {}), []);

  const onSubmit = handleSubmit(async (values) => {
    const problem = await newPasswordProblem(values.newPassword, {
      ...user,
      businessNames: [user.profile?.name],
    });
    if (problem) {
      setError('newPassword', { message: problem }, { shouldFocus: true });
      return;
    }
    try {
      await change.mutateAsync(values);
      reset();
      toast({
        title: 'Password Changed',
        description: 'Every other device was signed out. This one stays signed in.',
      });
    } catch (error) {
      if (!showServerFieldErrors(error, setError, ['currentPassword', 'newPassword'])) {
        toast({
          title: 'Password not changed',
          description:
            error instanceof ApiError
              ? error.userMessage('Please try again.')
              : 'Please try again.',
          variant: 'destructive',
        });
      }
    }
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Change password"
      className="grid gap-4 sm:grid-cols-2"
    >
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" value={user.email} autoComplete="username" readOnly hidden />
      <Field label="Current password" error={errors.currentPassword?.message} required>
        {(ids) => (
          <PasswordInput
            {...ids}
            {...register('currentPassword', { required: 'Required' })}
            autoComplete="current-password"
          />
        )}
      </Field>
      <Field
        label="New password"
        error={errors.newPassword?.message}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common or guessable one`}
        required
      >
        {(ids) => (
          <PasswordInput
            {...ids}
            {...register('newPassword', { required: 'Required' })}
            autoComplete="new-password"
          />
        )}
      </Field>
      <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={isSubmitting}>
        <KeyRound aria-hidden="true" />
        {isSubmitting ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}

function SignOutEverywhere() {
  const signOutEverywhere = useSignOutEverywhere();
  const [open, setOpen] = useState(false);
  const confirm = () =>
    signOutEverywhere.mutate(undefined, {
      // This session ended too: a fresh page load lands on the signed-out home page.
      onSuccess: () => window.location.assign('/login'),
      onError: () => {
        setOpen(false);
        toast({
          title: 'Not signed out',
          description: 'Could not sign out everywhere. Please try again.',
          variant: 'destructive',
        });
      },
    });
  return (
    <div className="flex flex-col gap-3 border-t border-stone-200 pt-4">
      <div>
        <h3 className="text-sm font-semibold text-stone-900">Sign out everywhere</h3>
        <p className="text-sm text-stone-600">
          Ends every session of your account, on every device, this one included. Use it if you
          signed in on a shared computer or think someone else knows your password.
        </p>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline" className="sm:self-start">
            <LogOut aria-hidden="true" /> Sign Out Everywhere
          </Button>
        </DialogTrigger>
        <DialogContent
          title="Sign out on every device?"
          description="Every device, this one included, will need your password to sign in again. Open pages stop receiving live updates."
        >
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirm} disabled={signOutEverywhere.isPending}>
              {signOutEverywhere.isPending ? 'Signing out...' : 'Sign Out Everywhere'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/**
 * Edit Profile's card for the password and the account's sessions, then the one for taking the
 * data out and closing the account.
 */
export function AccountSecurityCard() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Password and sign-in</CardTitle>
          <CardDescription>
            Changing the password signs you out on every other device.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <ChangePasswordForm user={user} />
          <SignOutEverywhere />
        </CardContent>
      </Card>
      <LeavingCard />
    </>
  );
}
