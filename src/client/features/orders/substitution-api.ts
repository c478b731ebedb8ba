import type { Substitution } from '#core/schemas/order-guide';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { RESTAURANT_ORDERS_KEY, RESTAURANT_REPORT_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

/*
 * The restaurant's side of a line the farm cannot fill (docs/substitutions.md): its preference
 * while the order is pending, and its answer to a substitute proposed.
 */

/** The orders (a line, its total) and the figures are read again after either. */
function refreshOrders() {
  void queryClient.invalidateQueries({ queryKey: RESTAURANT_ORDERS_KEY });
  void queryClient.invalidateQueries({ queryKey: RESTAURANT_REPORT_KEY });
  void queryClient.invalidateQueries({ queryKey: ['/api/substitutions'] });
}

/** What the farm does should it be unable to fill the line; while the order is pending. */
export function useLinePreference() {
  return useMutation({
    mutationFn: ({
      orderId,
      itemId,
      substitution,
    }: {
      orderId: number;
      itemId: number;
      substitution: Substitution;
    }) => api.patch<unknown>(`/api/orders/${orderId}/items/${itemId}`, { substitution }),
    onSettled: refreshOrders,
  });
}

/** Accepts or declines a substitute the farm proposed. */
export function useDecideSubstitution() {
  return useMutation({
    mutationFn: ({ substitutionId, accept }: { substitutionId: number; accept: boolean }) =>
      api.post<unknown>(`/api/substitutions/${substitutionId}/decision`, { accept }),
    onSettled: refreshOrders,
  });
}
