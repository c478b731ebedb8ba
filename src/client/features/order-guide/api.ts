import type {
  GuideWeekday,
  OrderGuide,
  OrderGuideAlternative,
  OrderGuideFill,
  OrderGuideFillInput,
  OrderGuideItem,
  OrderGuideLine,
  OrderGuidePutInput,
  OrderGuideUnfilled,
  Substitution,
} from '#core/schemas/order-guide';
import type { ProductPage } from '#core/schemas/product';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { CATALOG_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

/*
 * The restaurant's order guide (GET/PUT /api/order-guide) and the fill to par
 * (POST /api/order-guide/fill), in the shapes of the API's schemas (docs/order-guide.md).
 */

export const ORDER_GUIDE_PATH = '/api/order-guide';
export const ORDER_GUIDE_FILL_PATH = '/api/order-guide/fill';

export type { GuideWeekday, Pars, Substitution, UnfilledReason } from '#core/schemas/order-guide';

/*
 * The schema module's constants, as it states them. Only its types are imported: its values
 * would bring zod into this screen (about 27 KB gzip) for a handful of numbers.
 */
export const GUIDE_WEEKDAYS = [
  'mon',
  'tue',
  'wed',
  'thu',
  'fri',
  'sat',
  'sun',
] as const satisfies readonly GuideWeekday[];
export const SUBSTITUTIONS = ['allow', 'ask', 'never'] as const satisfies readonly Substitution[];
export const GUIDE_SECTION_NAME_MAX_LENGTH = 60;
export const MAX_GUIDE_SECTIONS = 30;
export const MAX_GUIDE_ITEMS = 500;
export const MAX_PAR = 9999;
export const MAX_ON_HAND = 99_999;
export const SUGGESTED_SECTION_NAME = 'Usual items';

export type GuideItem = OrderGuideItem;
export type GuideSection = OrderGuide['sections'][number];
export type FillLine = OrderGuideLine;
export type FillAlternative = OrderGuideAlternative;
export type Unfilled = OrderGuideUnfilled;
export type FillResult = OrderGuideFill;
export type { OrderGuide };

/** PUT /api/order-guide: the whole guide, in its order; the client sends every field. */
export type OrderGuideBody = Required<{
  sections: {
    name: string;
    items: Required<OrderGuidePutInput['sections'][number]['items'][number]>[];
  }[];
}>;

export type FillBody = OrderGuideFillInput;

export const ORDER_GUIDE_KEY = [ORDER_GUIDE_PATH] as const;

export function useOrderGuide() {
  return useQuery({
    queryKey: ORDER_GUIDE_KEY,
    queryFn: ({ signal }) => api.get<OrderGuide>(ORDER_GUIDE_PATH, { signal }),
  });
}

export function useSaveOrderGuide() {
  return useMutation({
    mutationFn: (body: OrderGuideBody) => api.put<OrderGuide>(ORDER_GUIDE_PATH, body),
    onSuccess: (guide) => queryClient.setQueryData(ORDER_GUIDE_KEY, guide),
  });
}

export function useFillToPar() {
  return useMutation({
    mutationFn: (body: FillBody) => api.post<FillResult>(ORDER_GUIDE_FILL_PATH, body),
  });
}

/** The catalogue search browse uses (its first page), for adding products to the guide. */
export function useCatalogSearch(path: string | null) {
  return useQuery({
    queryKey: [...CATALOG_KEY, 'order-guide', path],
    queryFn: ({ signal }) => api.get<ProductPage>(path!, { signal }),
    enabled: path !== null,
  });
}

/** One page of a farm's products as the catalogue shows them to the restaurant. */
export const farmCatalogPath = (farmId: number, page: number) =>
  `/api/products?farmId=${farmId}&page=${page}&pageSize=100&sort=name`;
