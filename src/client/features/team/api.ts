import type { Invitation, InvitationBody, MemberRoleBody, TeamMember } from '#core/schemas/team';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList } from '../../lib/paged-list';
import { queryClient } from '../../lib/query-client';

export const TEAM_KEY = ['/api/team'] as const;
export const INVITATIONS_KEY = ['/api/team/invitations'] as const;
/** Each list is read this many at a time, with Load more (docs/api.md#paging). */
export const TEAM_PAGE_SIZE = 50;

/** The business's members, a page at a time. */
export function useTeamMembers() {
  return usePagedList<TeamMember>(TEAM_KEY[0], { limit: TEAM_PAGE_SIZE });
}

/**
 * How many owners the business has: the owners' list read for its total alone, so that the
 * only owner is told before confirming that they cannot go. Undefined until it is read.
 */
export function useOwnerCount(enabled = true): number | undefined {
  return usePagedList<TeamMember>(TEAM_KEY[0], { businessRole: 'owner', limit: 1 }, enabled).total;
}

/** The invitations not yet accepted, a page at a time. */
export function useInvitations() {
  return usePagedList<Invitation>(INVITATIONS_KEY[0], { limit: TEAM_PAGE_SIZE });
}

const refreshTeam = () => queryClient.invalidateQueries({ queryKey: TEAM_KEY });
const refreshInvitations = () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });

export function useInvite() {
  return useMutation({
    mutationFn: (body: InvitationBody) => api.post<Invitation>('/api/team/invitations', body),
    onSuccess: refreshInvitations,
  });
}

export function useResendInvitation() {
  return useMutation({
    mutationFn: (id: number) => api.post<Invitation>(`/api/team/invitations/${id}/resend`),
    onSuccess: refreshInvitations,
  });
}

export function useRevokeInvitation() {
  return useMutation({
    mutationFn: (id: number) => api.delete<undefined>(`/api/team/invitations/${id}`),
    onSettled: refreshInvitations,
  });
}

export function useChangeRole() {
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: MemberRoleBody }) =>
      api.patch<TeamMember>(`/api/team/members/${userId}`, body),
    onSettled: refreshTeam,
  });
}

/** Removes a member; the same call, for oneself, is how a person leaves. */
export function useRemoveMember() {
  return useMutation({
    mutationFn: (userId: number) => api.delete<undefined>(`/api/team/members/${userId}`),
    onSettled: refreshTeam,
  });
}
