import type { BusinessKind } from '#core/actor';
import { isRoleOfKind, type BusinessRole } from '#core/permissions';
import { TEAM_ERROR_CODES, type Invitation, type TeamMember } from '#core/schemas/team';
import { MailPlus, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/form';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useAuth, USER_QUERY_KEY } from '../../lib/auth';
import { formatInstant, formatRelativeTime } from '../../lib/format';
import type { PagedList } from '../../lib/paged-list';
import { usePermissions } from '../../lib/permissions';
import { queryClient } from '../../lib/query-client';
import {
  useChangeRole,
  useInvitations,
  useOwnerCount,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useTeamMembers,
} from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { isOnlyOwner, onlyOwnerRefusal, roleLabel, roleOptions, roleSummary } from './roles';

// The invitation form (react-hook-form, the schema) loads when the dialog first opens.
const InviteDialog = lazyDialog(async () => (await import('./invite-dialog')).InviteDialog);

const LAST_OWNER_FALLBACK = 'A business needs an owner: make someone else an owner first.';

/** The server's sentence for a refused change, with a plain one for the last owner. */
function refusal(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.body?.code === TEAM_ERROR_CODES.lastOwner) {
    return error.body.message || LAST_OWNER_FALLBACK;
  }
  return error.userMessage(fallback);
}

function displayName(member: TeamMember): string {
  return member.name?.trim() || member.email;
}

/** /team: the owners' screen of who is in the business, with which role (docs/product.md#team). */
export function TeamPage() {
  const { user } = useAuth();
  const { kind } = usePermissions();
  const [inviting, setInviting] = useState(false);
  if (!user?.profile || !kind) return null;
  const businessName = user.profile.name;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Team</h1>
          <p className="text-sm text-stone-600">
            The people who run {businessName}, and what each may do.
          </p>
        </div>
        <Button writes onClick={() => setInviting(true)}>
          <MailPlus aria-hidden="true" /> Invite someone
        </Button>
      </div>
      <MembersCard kind={kind} businessName={businessName} selfId={user.id} />
      <InvitationsCard onInvite={() => setInviting(true)} />
      <InviteDialog
        kind={kind}
        businessName={businessName}
        open={inviting}
        onOpenChange={setInviting}
      />
    </div>
  );
}

/** A list's loading rows, error (with Retry), empty state, items and Load more. */
function PagedRows<T>({
  list,
  noun,
  loadError,
  empty,
  children,
}: {
  list: PagedList<T>;
  noun: string;
  loadError: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (list.error && !list.items) {
    return <ErrorState title={loadError} error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (!list.items) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only">Loading</span>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (list.items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="flex flex-col divide-y divide-stone-100">{children(list.items)}</ul>
      <LoadMoreFooter
        noun={noun}
        shown={list.items.length}
        total={list.total ?? list.items.length}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
      {list.error ? (
        <ErrorState
          title={`Could not load more ${noun}s`}
          error={list.error}
          onRetry={() => void list.fetchNextPage()}
        />
      ) : null}
    </>
  );
}

function MembersCard({
  kind,
  businessName,
  selfId,
}: {
  kind: BusinessKind;
  businessName: string;
  selfId: number;
}) {
  const members = useTeamMembers();
  const ownerCount = useOwnerCount();
  const changeRole = useChangeRole();
  const removeMember = useRemoveMember();
  const [roleChange, setRoleChange] = useState<{
    member: TeamMember;
    role: BusinessRole;
  } | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  const confirmRoleChange = () => {
    if (!roleChange) return;
    const { member, role } = roleChange;
    changeRole.mutate(
      { userId: member.userId, body: { businessRole: role } },
      {
        onSuccess: () => {
          toast({
            title: 'Role changed',
            description: `${displayName(member)} is now ${roleLabel(role)}.`,
          });
          // One's own role decides what the app shows: read the user again.
          if (member.userId === selfId) {
            void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
          }
        },
        onError: (error) =>
          toast({
            title: 'The role was not changed',
            description: refusal(error, 'Please try again.'),
            variant: 'destructive',
          }),
        onSettled: () => setRoleChange(null),
      },
    );
  };

  const confirmRemove = () => {
    if (!removing) return;
    const member = removing;
    const leaving = member.userId === selfId;
    removeMember.mutate(member.userId, {
      onSuccess: () => {
        if (leaving) {
          // This session acted for the business it left: start again from the home page.
          window.location.assign('/');
          return;
        }
        toast({
          title: 'Removed from the team',
          description: `${displayName(member)} no longer has access to ${businessName}.`,
        });
      },
      onError: (error) =>
        toast({
          title: leaving ? 'You have not left' : 'Not removed',
          description: refusal(error, 'Please try again.'),
          variant: 'destructive',
        }),
      onSettled: () => setRemoving(null),
    });
  };

  const leaving = removing?.userId === selfId;
  /** Why the member cannot go or take another role now: they are the only owner. */
  const onlyOwnerNote = (member: TeamMember | undefined) =>
    member && isOnlyOwner(member.businessRole, ownerCount)
      ? onlyOwnerRefusal(businessName, member.userId === selfId ? null : displayName(member))
      : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>Last active times are Hawaii time.</CardDescription>
      </CardHeader>
      <CardContent>
        <PagedRows
          list={members}
          noun="member"
          loadError="Could not load the team"
          empty={
            <EmptyState
              icon={<Users />}
              title="No members yet"
              description="Invite the people who work with you."
            />
          }
        >
          {(items) =>
            items.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                kind={kind}
                isSelf={member.userId === selfId}
                busy={
                  (changeRole.isPending && changeRole.variables?.userId === member.userId) ||
                  (removeMember.isPending && removeMember.variables === member.userId)
                }
                onRole={(role) => setRoleChange({ member, role })}
                onRemove={() => setRemoving(member)}
              />
            ))
          }
        </PagedRows>
      </CardContent>
      <ConfirmDialog
        open={roleChange !== null}
        title={
          roleChange
            ? `Make ${roleChange.member.userId === selfId ? 'yourself' : displayName(roleChange.member)} ${roleLabel(roleChange.role)}?`
            : ''
        }
        description={roleChange ? roleSummary(kind, roleChange.role) : ''}
        refusal={onlyOwnerNote(roleChange?.member)}
        confirmLabel="Change role"
        pendingLabel="Changing..."
        pending={changeRole.isPending}
        onConfirm={confirmRoleChange}
        onCancel={() => setRoleChange(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={
          leaving
            ? `Leave ${businessName}?`
            : `Remove ${removing ? displayName(removing) : ''} from the team?`
        }
        description={
          leaving
            ? `You will no longer see or act for ${businessName}. An owner can invite you again.`
            : `They are signed out of ${businessName} at once. An owner can invite them again.`
        }
        refusal={onlyOwnerNote(removing ?? undefined)}
        confirmLabel={leaving ? 'Leave' : 'Remove'}
        pendingLabel={leaving ? 'Leaving...' : 'Removing...'}
        destructive
        pending={removeMember.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

function MemberRow({
  member,
  kind,
  isSelf,
  busy,
  onRole,
  onRemove,
}: {
  member: TeamMember;
  kind: BusinessKind;
  isSelf: boolean;
  busy: boolean;
  onRole: (role: BusinessRole) => void;
  onRemove: () => void;
}) {
  const name = displayName(member);
  const lastActive = formatRelativeTime(member.lastActiveAt, 'Never');
  return (
    <li className="grid grid-cols-1 items-center gap-3 py-3 sm:grid-cols-[minmax(0,1fr)_10rem_11rem_6rem]">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {name}
          {isSelf ? <Badge variant="secondary">You</Badge> : null}
        </p>
        {member.name ? <p className="truncate text-sm text-stone-600">{member.email}</p> : null}
      </div>
      <Select
        writes
        aria-label={`Role of ${name}`}
        value={member.businessRole}
        disabled={busy}
        onChange={(event) => {
          const role = event.target.value;
          if (role !== member.businessRole && isRoleOfKind(kind, role)) onRole(role);
        }}
      >
        {roleOptions(kind).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <p className="text-sm text-stone-600">
        <span className="sm:sr-only">Last active: </span>
        <time
          dateTime={member.lastActiveAt ?? undefined}
          title={formatInstant(member.lastActiveAt, "MMM d, yyyy 'at' h:mm a") ?? undefined}
        >
          {lastActive}
        </time>
      </p>
      <Button
        writes
        variant="outline"
        size="sm"
        className="justify-self-start text-destructive! sm:justify-self-end"
        aria-label={isSelf ? undefined : `Remove ${name}`}
        disabled={busy}
        onClick={onRemove}
      >
        {isSelf ? 'Leave' : 'Remove'}
      </Button>
    </li>
  );
}

function InvitationsCard({ onInvite }: { onInvite: () => void }) {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const onResend = (invitation: Invitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () =>
        toast({
          title: 'Invitation sent again',
          description: `A new link went to ${invitation.email}; the old one no longer works.`,
        }),
      onError: (error) =>
        toast({
          title: 'Not sent',
          description: refusal(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  const confirmRevoke = () => {
    if (!revoking) return;
    const invitation = revoking;
    revoke.mutate(invitation.id, {
      onSuccess: () =>
        toast({
          title: 'Invitation revoked',
          description: `The link sent to ${invitation.email} no longer works.`,
        }),
      onError: (error) =>
        toast({
          title: 'Not revoked',
          description: refusal(error, 'Please try again.'),
          variant: 'destructive',
        }),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending invitations</CardTitle>
        <CardDescription>Each link works once, for 7 days.</CardDescription>
      </CardHeader>
      <CardContent>
        <PagedRows
          list={invitations}
          noun="invitation"
          loadError="Could not load the invitations"
          empty={
            <EmptyState
              icon={<MailPlus />}
              title="No pending invitations"
              description="Invite someone by email and choose what they may do."
              action={
                <Button writes variant="outline" onClick={onInvite}>
                  Invite someone
                </Button>
              }
            />
          }
        >
          {(items) =>
            items.map((invitation) => {
              const busy =
                (resend.isPending && resend.variables === invitation.id) ||
                (revoke.isPending && revoke.variables === invitation.id);
              return (
                <li
                  key={invitation.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words">{invitation.email}</p>
                    <p className="text-sm text-stone-600">
                      {roleLabel(invitation.businessRole)}
                      {invitation.createdAt
                        ? ` · Sent ${formatInstant(invitation.createdAt, 'MMM d')}`
                        : ''}
                      {invitation.expiresAt
                        ? ` · Expires ${formatInstant(invitation.expiresAt, 'MMM d')}`
                        : ''}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      writes
                      variant="outline"
                      size="sm"
                      aria-label={`Resend to ${invitation.email}`}
                      disabled={busy}
                      onClick={() => onResend(invitation)}
                    >
                      {resend.isPending && resend.variables === invitation.id
                        ? 'Sending...'
                        : 'Resend'}
                    </Button>
                    <Button
                      writes
                      variant="outline"
                      size="sm"
                      className="text-destructive!"
                      aria-label={`Revoke the invitation of ${invitation.email}`}
                      disabled={busy}
                      onClick={() => setRevoking(invitation)}
                    >
                      Revoke
                    </Button>
                  </div>
                </li>
              );
            })
          }
        </PagedRows>
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the invitation of ${revoking?.email ?? ''}?`}
        description={`The link sent to them stops working. You can invite them again as ${revoking ? roleLabel(revoking.businessRole) : 'before'} or another role.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        destructive
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
