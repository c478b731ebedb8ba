import type { BusinessKind } from '#core/actor';
import { isRoleOfKind } from '#core/permissions';
import { invitationBody, TEAM_ERROR_CODES, type InvitationBody } from '#core/schemas/team';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Notice } from '../../components/ui/auth-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/form-errors';
import { useInvite } from './api';
import { roleLabel, roleOptions, roleSummary } from './roles';

export const ALREADY_MEMBER_MESSAGE = 'Already on your team';

/** The invitation as typed: the role offered only among the business's own. */
function inviteForm(kind: BusinessKind) {
  return z
    .object({
      email: invitationBody.shape.email,
      businessRole: z.string().refine((role) => isRoleOfKind(kind, role), 'Choose a role'),
    })
    .pipe(invitationBody);
}

/** "Invite someone": an email and a role; the server sends the link (docs/product.md#team). */
export function InviteDialog({
  kind,
  businessName,
  open,
  onOpenChange,
}: {
  kind: BusinessKind;
  businessName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const invite = useInvite();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string; businessRole: string }, unknown, InvitationBody>({
    resolver: zodResolver(inviteForm(kind)),
    defaultValues: { email: '', businessRole: '' },
  });
  const chosen = watch('businessRole');

  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (body) => {
    try {
      await invite.mutateAsync(body);
      toast({
        title: 'Invitation sent',
        description: `${body.email} can join ${businessName} as ${roleLabel(body.businessRole)} from the email, for 7 days.`,
      });
      close(false);
    } catch (error) {
      if (error instanceof ApiError && error.body?.code === TEAM_ERROR_CODES.alreadyMember) {
        setError('email', { message: ALREADY_MEMBER_MESSAGE }, { shouldFocus: true });
      } else if (!showServerFieldErrors(error, setError, ['email', 'businessRole'])) {
        setError('root.server', {
          message:
            error instanceof ApiError
              ? error.message
              : 'Could not send the invitation. Please try again.',
        });
      }
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Invite someone"
        description={`They get an email with a link to join ${businessName}, valid for 7 days.`}
      >
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
          {errors.root?.server?.message ? (
            <Notice tone="error">{errors.root.server.message}</Notice>
          ) : null}
          <Field label="Email" error={errors.email?.message} required>
            {(ids) => (
              <Input
                {...ids}
                {...register('email')}
                type="email"
                inputMode="email"
                autoComplete="off"
              />
            )}
          </Field>
          <Field
            label="Role"
            error={errors.businessRole?.message}
            hint={isRoleOfKind(kind, chosen) ? roleSummary(kind, chosen) : undefined}
            required
          >
            {(ids) => (
              <Select {...ids} {...register('businessRole')}>
                <option value="">Choose a role</option>
                {roleOptions(kind).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Send invitation'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
