import type {
  BulkSubstitutionBody,
  BulkSubstitutionResult,
  SubstitutionProposalBody,
  SubstitutionState,
} from '#core/schemas/substitution';
import type { OrderAsSeen } from '#core/schemas/order';
import type { Product } from '#core/schemas/product';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useWholeList } from '../../lib/paged-list';
import { FARM_PRODUCTS_KEY, FARM_REPORT_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';
import { FARM_ORDERS_KEY } from './api';
import { useBulkRun, type BulkRunState } from './bulk-run';

/*
 * The farm's side of a line it cannot fill (docs/substitutions.md): short it, or propose one of
 * its own products, on one order or on every order of a day.
 */

/** The orders (their lines and totals), the figures and the stock are read again. */
function refreshAfterSubstitution() {
  void queryClient.invalidateQueries({ queryKey: FARM_ORDERS_KEY });
  void queryClient.invalidateQueries({ queryKey: FARM_REPORT_KEY });
  void queryClient.invalidateQueries({ queryKey: FARM_PRODUCTS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['/api/substitutions'] });
}

/** What a proposal answers: the order as it is now (its line tells what happened). */
export type ProposalAnswer = OrderAsSeen;

/**
 * What became of the line, read from the order the server answers: a proposal waiting for the
 * chef, a substitute on the order, or the line shorted.
 */
export function outcomeOf(
  order: Pick<OrderAsSeen, 'orderItems'> | null | undefined,
  itemId: number,
): { state: SubstitutionState | undefined; deadline: string | null } {
  const items = order?.orderItems;
  if (!items) return { state: undefined, deadline: null };
  const line = items.find((item) => item.id === itemId);
  if (line?.pendingSubstitution) {
    return { state: 'pending', deadline: line.pendingSubstitution.deadline };
  }
  if (items.some((item) => item.substituteFor === itemId)) {
    return { state: 'accepted', deadline: null };
  }
  return { state: 'shorted', deadline: null };
}

/** Shorts a line (`{short: true}`) or proposes a substitute for it. */
export function useProposeSubstitution() {
  return useMutation({
    mutationFn: ({
      orderId,
      itemId,
      body,
    }: {
      orderId: number;
      itemId: number;
      body: SubstitutionProposalBody;
    }) => api.post<ProposalAnswer>(`/api/orders/${orderId}/items/${itemId}/substitution`, body),
    onSettled: refreshAfterSubstitution,
  });
}

/**
 * One product shorted, or substituted, on every order of a day, call after call until the day
 * is done (useBulkRun); what it changed is read again once it ends.
 */
export function useBulkSubstitution(onEnd: (run: BulkRunState<BulkSubstitutionResult>) => void) {
  return useBulkRun({
    send: (body: BulkSubstitutionBody) =>
      api.post<BulkSubstitutionResult>('/api/orders/bulk-substitution', body),
    onEnd: (run) => {
      refreshAfterSubstitution();
      onEnd(run);
    },
  });
}

/**
 * The farm's own products to choose a substitute from, the whole list, read as inventory
 * reads it (the same key: a farmer who opened inventory has it already).
 */
export function useOwnProducts() {
  return useWholeList<Product>(FARM_PRODUCTS_KEY[0], { limit: 100 });
}
