import { useQuery } from '@tanstack/react-query';
import type { Product } from '@portal/domain';
import { api, ApiError } from '@/lib/api-client';

export type ProductInput = { catalog: string; sku: string; branchNumber: number | null; shipToState: string | null };

/** The outcome of `GET /api/catalog/product/{sku}`: a product, unknown (404), or a failed call. */
export type ProductAnswer = { product: Product } | { product: null; notFound: boolean };

export function useProduct(input: ProductInput) {
  return useQuery({
    queryKey: ['catalog', 'product', input],
    enabled: input.branchNumber !== null && input.shipToState !== null,
    queryFn: async ({ signal }): Promise<ProductAnswer> => {
      try {
        const product = await api<Product>(`/api/catalog/product/${encodeURIComponent(input.sku)}`, {
          query: { shipToState: input.shipToState, branchNumber: input.branchNumber, catalog: input.catalog },
          signal,
        });
        return { product };
      } catch (error) {
        if (signal.aborted) throw error;
        // Spec 8: a failed fetch returns nothing; an unknown product sends the dealer to the catalog.
        return { product: null, notFound: error instanceof ApiError && error.status === 404 };
      }
    },
  });
}
