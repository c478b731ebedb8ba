import { PRODUCT_CATEGORIES, titleCase, UNITS } from '#core/constants';
import {
  productBody,
  STOCK_CHANGED_CODE,
  type Product,
  type ProductBody,
  type ProductFormValues,
  type StockConflictBody,
  TRACEABILITY_CATEGORIES,
} from '#core/schemas/product';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { isWeighedUnit } from '#core/quantity';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select, Textarea } from '../../components/ui/form';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useCreateProduct, useUpdateProduct } from './api';
import { ProductPhotos } from './product-photos';
import { productChanges } from './product-changes';

const EMPTY: ProductFormValues = {
  name: '',
  description: '',
  category: '',
  unit: undefined as unknown as ProductFormValues['unit'],
  price: '',
  availableQuantity: '',
  isOrganic: false,
  isActive: true,
  traceabilityCategory: '',
};

function valuesOf(product: Product | null): ProductFormValues {
  if (!product) return EMPTY;
  return {
    name: product.name,
    description: product.description ?? '',
    category: (product.category ?? '') as ProductFormValues['category'],
    unit: product.unit as ProductFormValues['unit'],
    price: product.price,
    availableQuantity: String(product.availableQuantity),
    isOrganic: product.isOrganic,
    isActive: product.isActive,
    traceabilityCategory: product.traceabilityCategory ?? '',
  };
}

/** Add Product, or edit one when `product` is given. */
export function ProductFormDialog({
  open,
  onOpenChange,
  product,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product: Product | null;
}) {
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const form = useForm<ProductFormValues, unknown, ProductBody>({
    resolver: zodResolver(productBody),
    defaultValues: valuesOf(product),
  });
  const { register, handleSubmit, reset, setError, control, formState } = form;
  const errors = formState.errors;
  // Weighed units (lb, kg, oz) take stock to the hundredth; counted ones whole.
  const weighed = isWeighedUnit(useWatch({ control, name: 'unit' }));
  // The stock the farmer has seen: the loaded figure, or the current one a 409 reported.
  const [seenStock, setSeenStock] = useState<number | null>(null);

  useEffect(() => {
    if (!open) return;
    reset(valuesOf(product));
    setSeenStock(null);
  }, [open, product, reset]);

  const isEdit = product !== null;
  const pending = createProduct.isPending || updateProduct.isPending;

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (product) {
        const changes = productChanges(product, body, seenStock ?? product.availableQuantity);
        if (Object.keys(changes).length > 0) {
          await updateProduct.mutateAsync({ id: product.id, body: changes });
        }
        toast({ title: 'Product updated', description: `${body.name} was saved.` });
      } else {
        await createProduct.mutateAsync(body);
        toast({ title: 'Product added', description: `${body.name} is in your inventory.` });
      }
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.body?.code === STOCK_CHANGED_CODE) {
        const { availableQuantity } = error.body as StockConflictBody;
        setSeenStock(availableQuantity);
        setError('availableQuantity', {
          message: `Orders changed the stock to ${availableQuantity} since you opened this. Check the figure and save again.`,
        });
        toast({
          title: 'The stock has changed',
          description: `Now ${availableQuantity} in stock; nothing was saved.`,
          variant: 'destructive',
        });
        return;
      }
      const fields = error instanceof ApiError ? error.body?.fields : undefined;
      for (const [name, message] of Object.entries(fields ?? {})) {
        if (name in EMPTY) setError(name as Path<ProductFormValues>, { message });
      }
      toast({
        title: isEdit ? 'Failed to update product' : 'Failed to add product',
        description: error instanceof ApiError ? error.userMessage('Please try again.') : undefined,
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={isEdit ? 'Edit Product' : 'Add Product'}
        description={
          isEdit ? 'Change the details restaurants see.' : 'List a new product for restaurants.'
        }
      >
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <Field label="Product Name" required error={errors.name?.message}>
            {(ids) => <Input {...ids} autoComplete="off" {...register('name')} />}
          </Field>
          <Field label="Description" error={errors.description?.message}>
            {(ids) => <Textarea {...ids} rows={3} {...register('description')} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Category" error={errors.category?.message}>
              {(ids) => (
                <Select {...ids} {...register('category')}>
                  <option value="">Select category</option>
                  {PRODUCT_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {titleCase(category)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Unit" required error={errors.unit?.message}>
              {(ids) => (
                <Select {...ids} {...register('unit')}>
                  <option value="">Select unit</option>
                  {UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {unit}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Food Traceability List" error={errors.traceabilityCategory?.message}>
              {(ids) => (
                <Select {...ids} {...register('traceabilityCategory')}>
                  <option value="">Not on the list</option>
                  {TRACEABILITY_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {titleCase(category)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Price ($)" required error={errors.price?.message}>
              {(ids) => (
                <Input
                  {...ids}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0"
                  placeholder="0.00"
                  {...register('price')}
                />
              )}
            </Field>
            <Field label="Quantity Available" error={errors.availableQuantity?.message}>
              {(ids) => (
                <Input
                  {...ids}
                  type="number"
                  inputMode={weighed ? 'decimal' : 'numeric'}
                  step={weighed ? '0.01' : '1'}
                  min="0"
                  placeholder="0"
                  {...register('availableQuantity')}
                />
              )}
            </Field>
          </div>
          {product ? (
            <ProductPhotos key={product.id} product={product} />
          ) : (
            <p className="text-sm text-stone-600">You can add photos once the product is saved.</p>
          )}
          <Controller
            control={control}
            name="isOrganic"
            render={({ field }) => (
              <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
                <Switch
                  checked={Boolean(field.value)}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
                Organic
              </label>
            )}
          />
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
                <Switch
                  checked={Boolean(field.value)}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
                In Stock (visible to restaurants)
              </label>
            )}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button writes type="submit" disabled={pending}>
              {pending ? 'Saving...' : isEdit ? 'Save Changes' : 'Add Product'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
