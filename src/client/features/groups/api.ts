import type {
  FarmCustomerGroup,
  Group,
  GroupDashboard,
  GroupLocationBody,
  GroupMember,
  GroupPayment,
} from '#core/schemas/group';
import type { PaymentCreateInput } from '#core/schemas/payment';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

// Restaurant groups (docs/groups.md): the group's page and the farm's group payments.

export const GROUPS_KEY = ['/api/groups'] as const;
const groupPath = (id: number) => `/api/groups/${id}`;

export function useMyGroups() {
  return useQuery({
    queryKey: GROUPS_KEY,
    queryFn: () =>
      api.get<{ id: number; name: string; groupRole: Group['groupRole'] }[]>(GROUPS_KEY[0]),
  });
}

export function useGroup(id: number) {
  return useQuery({ queryKey: [groupPath(id)], queryFn: () => api.get<Group>(groupPath(id)) });
}

export function useGroupTeam(id: number, enabled: boolean) {
  const path = `${groupPath(id)}/team`;
  return useQuery({ queryKey: [path], queryFn: () => api.get<GroupMember[]>(path), enabled });
}

export function useGroupDashboard(id: number, month: string) {
  const path = `${groupPath(id)}/dashboard?month=${month}`;
  return useQuery({ queryKey: [path], queryFn: () => api.get<GroupDashboard>(path) });
}

export function useCreateGroup() {
  return useMutation({
    mutationFn: (name: string) => api.post<Group>(GROUPS_KEY[0], { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
  });
}

export function useAcceptGroupInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ groupId: number }>('/api/groups/invitations/accept', { token }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useAddLocation(id: number) {
  return useMutation({
    mutationFn: (body: GroupLocationBody) => api.post(`${groupPath(id)}/locations`, body),
    // The person's memberships change too: every location is one more business of theirs.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useAddGroupMember(id: number) {
  return useMutation({
    mutationFn: (body: { email: string; groupRole: GroupMember['groupRole'] }) =>
      api.post<GroupMember>(`${groupPath(id)}/team/members`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [`${groupPath(id)}/team`] }),
  });
}

/** "/api/groups/3/statements?month=2026-11&farmId=2&format=pdf": the download's path. */
export function groupStatementPath(
  id: number,
  month: string,
  farmId: number,
  format: 'pdf' | 'csv',
) {
  const params = new URLSearchParams({ month, farmId: String(farmId), format });
  return `${groupPath(id)}/statements?${params.toString()}`;
}

export const FARM_GROUPS_KEY = ['/api/customers/groups'] as const;

export function useFarmCustomerGroups() {
  return useQuery({
    queryKey: FARM_GROUPS_KEY,
    queryFn: () => api.get<FarmCustomerGroup[]>(FARM_GROUPS_KEY[0]),
  });
}

export function useRecordGroupPayment() {
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: number; body: PaymentCreateInput }) =>
      api.post<GroupPayment>(`/api/customers/groups/${groupId}/payments`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FARM_GROUPS_KEY }),
  });
}
