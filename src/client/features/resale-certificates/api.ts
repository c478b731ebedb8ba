import type {
  ResaleCertificate,
  ResaleCertificateCreateBody,
} from '#core/schemas/resale-certificate';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, api } from '../../lib/api';
import { usePagedList } from '../../lib/paged-list';
import { NEXT_DELIVERY_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

export const RESALE_CERTIFICATES_KEY = ['/api/resale-certificates'] as const;

/** The certificates the restaurant gave, or the farm was given (docs/tax.md). */
export function useResaleCertificates() {
  return usePagedList<ResaleCertificate>(RESALE_CERTIFICATES_KEY[0], {});
}

/** A certificate changes the GET rate the checkout shows: the outlooks carry it. */
function refresh() {
  void queryClient.invalidateQueries({ queryKey: RESALE_CERTIFICATES_KEY });
  void queryClient.invalidateQueries({ queryKey: NEXT_DELIVERY_KEY });
}

export function useGiveCertificate() {
  return useMutation({
    mutationFn: (body: ResaleCertificateCreateBody) =>
      api.post<ResaleCertificate>(RESALE_CERTIFICATES_KEY[0], body),
    onSettled: refresh,
  });
}

export function useRevokeCertificate() {
  return useMutation({
    mutationFn: ({ id, effectiveUntil }: { id: number; effectiveUntil: string }) =>
      apiRequest<void>('DELETE', `${RESALE_CERTIFICATES_KEY[0]}/${id}`, { effectiveUntil }),
    onSettled: refresh,
  });
}
