import type { Membership, User } from '#core/schemas/auth';
import type { SwitchBusinessBody } from '#core/schemas/team';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { CART_STORAGE_KEY } from '#core/constants';
import { USER_QUERY_KEY } from './auth';

// Which business the session acts for: the account menu's switcher and the invitation page.

/**
 * The session now acts for another business (an invitation accepted, a switch): every cached
 * read of the one before is dropped, the cart too, so nothing of one business is shown or
 * ordered for the other; the user query takes the new answer.
 */
export function actForBusinessOf(queryClient: QueryClient, user: User): void {
  void queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
  emptyCart();
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

/**
 * Empties the stored cart. A cart open in this tab (lib/cart, not imported here: its stored
 * cart's check brings zod to whatever imports it) hears it as it hears another tab's change.
 */
function emptyCart(): void {
  localStorage.removeItem(CART_STORAGE_KEY);
  window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
}

/** The membership the session acts for, among the person's businesses. */
export function currentMembership(user: User): Membership | null {
  const { profile } = user;
  if (!profile) return null;
  return (
    user.memberships?.find(
      (membership) => membership.kind === profile.kind && membership.id === profile.id,
    ) ?? null
  );
}

/** Acts for another of the person's businesses (POST /api/auth/business); kept per session. */
export function useSwitchBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SwitchBusinessBody) => api.post<User>('/api/auth/business', body),
    onSuccess: (user) => actForBusinessOf(queryClient, user),
  });
}
