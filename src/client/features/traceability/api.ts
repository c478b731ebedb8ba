import type { LotCreateInput, Lot, LotDetail, Recall } from '#core/schemas/traceability';
import type { Product } from '#core/schemas/product';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList, useWholeList, withParams, type ListParams } from '../../lib/paged-list';
import { queryClient } from '../../lib/query-client';

export const LOTS_PATH = '/api/lots';
export const RECALLS_PATH = '/api/recalls';

/** The farm's lots, newest harvest first, a page at a time. */
export function useLots(params: ListParams) {
  return usePagedList<Lot>(LOTS_PATH, params);
}

/** One lot with who received it and its recalls. */
export function useLot(id: number | null) {
  return useQuery({
    queryKey: [LOTS_PATH, id],
    queryFn: ({ signal }) => api.get<LotDetail>(`${LOTS_PATH}/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** The farm's products, for the lot form's choice. */
export function useFarmProducts() {
  return useWholeList<Product>('/api/products/farm', {});
}

function refreshLots() {
  void queryClient.invalidateQueries({ queryKey: [LOTS_PATH] });
}

export function useRecordLot() {
  return useMutation({
    mutationFn: (body: LotCreateInput) => api.post<Lot>(LOTS_PATH, body),
    onSuccess: refreshLots,
  });
}

export function useRecallLot() {
  return useMutation({
    mutationFn: ({ lotId, message }: { lotId: number; message: string }) =>
      api.post<Recall>(`${LOTS_PATH}/${lotId}/recall`, { message }),
    onSuccess: () => {
      refreshLots();
      void queryClient.invalidateQueries({ queryKey: [RECALLS_PATH] });
    },
  });
}

/** Recalls, newest first: the farm's own, or those sent to the restaurant. */
export function useRecalls(params: ListParams) {
  return usePagedList<Recall>(RECALLS_PATH, params);
}

/** The restaurant's recalls nobody has acknowledged yet (the banner's). */
export function useOpenRecalls() {
  const path = withParams(RECALLS_PATH, { open: 'true', limit: 10 });
  return useQuery({
    queryKey: [RECALLS_PATH, { open: true }],
    queryFn: ({ signal }) => api.get<Recall[]>(path, { signal }),
  });
}

export function useAcknowledgeRecall() {
  return useMutation({
    mutationFn: (id: number) => api.post<Recall>(`${RECALLS_PATH}/${id}/acknowledge`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [RECALLS_PATH] }),
  });
}
