import type { DemoAccounts, LoginBody, RegisterBody, User } from '#core/schemas/auth';
import type { AcceptInvitationBody, InvitationOffer } from '#core/schemas/team';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/auth';
import { actForBusinessOf } from '../../lib/business';

/** The signed-in user goes straight into the user query, then is fetched again to be sure. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return async (user: User) => {
    queryClient.setQueryData(USER_QUERY_KEY, user);
    await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  };
}

export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: LoginBody) =>
      api.post<User>('/api/auth/login', body, { quietUnauthorized: true }),
    onSuccess: signedIn,
  });
}

export function useRegister() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<User>('/api/auth/register', body),
    onSuccess: signedIn,
  });
}

export const DEMO_ACCOUNTS_QUERY_KEY = ['/api/auth/demo-accounts'] as const;

/** The demo accounts, or null when this installation is not a demo (the route answers 404). */
export const demoAccountsQuery = queryOptions({
  queryKey: DEMO_ACCOUNTS_QUERY_KEY,
  queryFn: async ({ signal }) => {
    try {
      return await api.get<DemoAccounts>('/api/auth/demo-accounts', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export function useDemoAccounts() {
  return useQuery(demoAccountsQuery);
}

/** What an emailed invitation offers (business, role, invited address), read before joining. */
export function useInvitationOffer(token: string) {
  return useQuery({
    queryKey: ['/api/auth/invitation', token],
    queryFn: ({ signal }) =>
      api.get<InvitationOffer>(`/api/auth/invitation?token=${encodeURIComponent(token)}`, {
        signal,
      }),
    enabled: token !== '',
  });
}

/**
 * Joins the business of an emailed invitation (creating the account when it has none); the
 * session then acts for that business.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => api.post<User>('/api/auth/accept-invitation', body),
    onSuccess: (user) => actForBusinessOf(queryClient, user),
  });
}
