import type { Product } from '#core/schemas/product';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useDeleteProduct, useUndoDelete } from './api';

const serverMessage = (error: Error) =>
  error instanceof ApiError ? error.userMessage('Please try again.') : undefined;

/**
 * Deleting a product at once, with Undo in the toast that says so (house rule: a destructive
 * action asks or offers Undo). Used wherever the farm's products are listed.
 */
export function useDeleteWithUndo() {
  const deleteProduct = useDeleteProduct();
  const undoDelete = useUndoDelete();

  const remove = (product: Product) =>
    deleteProduct.mutate(product.id, {
      onSuccess: (result) =>
        toast({
          title: 'Product deleted',
          description: `${product.name} was removed from your inventory.`,
          action: {
            label: 'Undo',
            onClick: () =>
              undoDelete.mutate(
                { product, result },
                {
                  onSuccess: () => toast({ title: 'Product restored', description: product.name }),
                  onError: (error) =>
                    toast({
                      title: 'Failed to restore product',
                      description: serverMessage(error),
                      variant: 'destructive',
                    }),
                },
              ),
          },
        }),
      onError: (error) =>
        toast({
          title: 'Failed to delete product',
          description: serverMessage(error),
          variant: 'destructive',
        }),
    });

  return {
    remove,
    /** Whether this product's delete is on its way. */
    isDeleting: (product: Product) =>
      deleteProduct.isPending && deleteProduct.variables === product.id,
  };
}
