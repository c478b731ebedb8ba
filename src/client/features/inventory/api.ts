import type {
  Product,
  ProductBody,
  ProductDeleteResult,
  ProductUpdateBody,
} from '#core/schemas/product';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pagedListQuery, usePagedList } from '../../lib/paged-list';
import { FARM_PRODUCTS_KEY, refreshProducts as refreshEveryProductList } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';
import { newProductBody, ownPackPrice } from './product-changes';

/** Inventory reads the farm's products 100 at a time, by name, with Load more. */
export const INVENTORY_PAGE_SIZE = 100;

const FARM_PRODUCTS_PARAMS = { limit: INVENTORY_PAGE_SIZE };

/** The farm's own products, a page at a time (docs/order-lists.md#bounded-lists). */
export function useFarmProducts() {
  const list = usePagedList<Product>(FARM_PRODUCTS_KEY[0], FARM_PRODUCTS_PARAMS);
  return { ...list, data: list.items };
}

/** The first page of the farm's products, as useFarmProducts reads it. */
export const farmProductsQuery = () =>
  pagedListQuery<Product>(FARM_PRODUCTS_KEY[0], FARM_PRODUCTS_PARAMS);

/** The farmer's list and the restaurants' catalogue both change with any write. */
const refreshProducts = () => refreshEveryProductList(queryClient);

export function useCreateProduct() {
  return useMutation({
    mutationFn: (body: ProductBody) => api.post<Product>('/api/products', body),
    onSuccess: refreshProducts,
  });
}

export function useUpdateProduct() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductUpdateBody }) =>
      api.patch<Product>(`/api/products/${id}`, body),
    onSuccess: refreshProducts,
  });
}

export function useDeleteProduct() {
  return useMutation({
    mutationFn: (id: number) => api.delete<ProductDeleteResult>(`/api/products/${id}`),
    onSuccess: refreshProducts,
  });
}

/**
 * Undoes a delete: an archived product comes back as it was; one removed outright (never
 * ordered) is added again with the same details.
 */
export function useUndoDelete() {
  return useMutation({
    mutationFn: ({ product, result }: { product: Product; result: ProductDeleteResult }) =>
      result.archived
        ? api.post<Product>(`/api/products/${product.id}/restore`)
        : api.post<Product>('/api/products', newProductBody(productToBody(product))),
    onSuccess: refreshProducts,
  });
}

export function productToBody(product: Product): ProductBody {
  return {
    name: product.name,
    description: product.description,
    category: product.category as ProductBody['category'],
    unit: product.unit as ProductBody['unit'],
    price: product.price,
    availableQuantity: product.availableQuantity,
    isOrganic: product.isOrganic,
    isActive: product.isActive,
    ...(product.pricedByWeight === undefined ? {} : { pricedByWeight: product.pricedByWeight }),
    weightUnit: product.weightUnit ?? null,
    packs: product.packs?.map((pack) => ({
      label: pack.label,
      size: pack.size,
      price: ownPackPrice(pack, product.price),
      minimumQuantity: pack.minimumQuantity,
      estimatedWeight: pack.estimatedWeight,
    })),
  };
}
