import type { Claim, ClaimDecisionBody, ClaimState } from '#core/schemas/claim';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList } from '../../lib/paged-list';
import { BILLS_KEY, RECEIVABLES_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

export const CLAIMS_KEY = ['/api/claims'] as const;

/** The business's claims, newest first, 20 a page, optionally of one state. */
export function useClaims(state: ClaimState | undefined) {
  return usePagedList<Claim>(CLAIMS_KEY[0], { state });
}

/** One claim of the business's, as its card shows it. */
export function useClaim(id: number) {
  return useQuery<Claim>({ queryKey: [`${CLAIMS_KEY[0]}/${id}`], enabled: id > 0 });
}

/** The farm's decision; a credit note lowers Receivables, so those are read again. */
export function useDecideClaim() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ClaimDecisionBody }) =>
      api.post<Claim>(`/api/claims/${id}/decision`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CLAIMS_KEY });
      void queryClient.invalidateQueries({ queryKey: RECEIVABLES_KEY });
      void queryClient.invalidateQueries({ queryKey: BILLS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/credit-notes'] });
    },
  });
}
