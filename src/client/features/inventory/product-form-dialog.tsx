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
import { isUnitPack } from '#core/packs';
import { isWeighedUnit } from '#core/quantity';
import { WEIGHT_UNITS } from '#core/catch-weight';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select, Textarea } from '../../components/ui/form';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useCreateProduct, useUpdateProduct } from './api';
import { ProductPhotos } from './product-photos';
import { PackFields } from './pack-fields';
import { newProductBody, ownPackPrice, productChanges, unitPack } from './product-changes';

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
  packs: [unitPack('')],
  pricedByWeight: false,
  weightUnit: null,
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
    packs: product.packs
      ? product.packs.map((pack) => ({
          id: pack.id,
          label: pack.label,
          size: pack.size,
          price: ownPackPrice(pack, product.price),
          minimumQuantity: pack.minimumQuantity,
          estimatedWeight: pack.estimatedWeight,
        }))
      : [unitPack(product.unit)],
    pricedByWeight: product.pricedByWeight ?? false,
    weightUnit: product.weightUnit ?? null,
  };
}

/** The label the unit pack's row shows: the unit once the farmer chose or changed it. */
function unitPackLabel(product: Product | null, unit: string | undefined): string {
  const loaded = product?.packs?.find(isUnitPack)?.label ?? product?.unit;
  return unit && unit !== product?.unit ? unit : (loaded ?? unit ?? '');
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
  const { register, handleSubmit, reset, setError, setValue, control, formState } = form;
  const errors = formState.errors;
  const unit = useWatch({ control, name: 'unit' }) as string | undefined;
  // Weighed units (lb, kg, oz) take stock to the hundredth; counted ones whole.
  const weighed = isWeighedUnit(unit);
  const pricedByWeight = useWatch({ control, name: 'pricedByWeight' }) === true;
  const weightUnit = useWatch({ control, name: 'weightUnit' }) ?? null;
  // Until the farmer picks one, the labels read in pounds, the unit first offered.
  const shownWeightUnit = weightUnit || WEIGHT_UNITS[0];
  // The first pack row is the unit pack until the farmer removes it (new rows go last).
  const [unitRowShown, setUnitRowShown] = useState(true);
  // The stock the farmer has seen: the loaded figure, or the current one a 409 reported.
  const [seenStock, setSeenStock] = useState<number | null>(null);

  useEffect(() => {
    if (!open) return;
    const values = valuesOf(product);
    reset(values);
    setUnitRowShown(values.packs?.[0] !== undefined && isUnitPack(values.packs[0]));
    setSeenStock(null);
  }, [open, product, reset]);

  // The unit pack is named by the unit.
  useEffect(() => {
    if (!unitRowShown) return;
    const label = unitPackLabel(product, unit);
    if (form.getValues('packs.0.label') !== label) setValue('packs.0.label', label);
  }, [form, product, setValue, unit, unitRowShown]);

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
        await createProduct.mutateAsync(newProductBody(body));
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
      // A pack's field is named by its row: "packs.1.label".
      for (const [name, message] of Object.entries(fields ?? {})) {
        if (name.split('.')[0]! in EMPTY) setError(name as Path<ProductFormValues>, { message });
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
            {/* A product sold by the lb is priced by weight already: no switch to offer. */}
            {!weighed || pricedByWeight ? (
              <Controller
                control={control}
                name="pricedByWeight"
                render={({ field }) => (
                  <label className="flex min-h-11 items-center gap-3 text-sm font-medium sm:col-span-2">
                    <Switch
                      checked={Boolean(field.value)}
                      onCheckedChange={(checked) => {
                        field.onChange(checked);
                        if (checked && !form.getValues('weightUnit')) {
                          setValue('weightUnit', WEIGHT_UNITS[0]);
                        }
                        if (!checked) setValue('weightUnit', null);
                      }}
                      onBlur={field.onBlur}
                      ref={field.ref}
                    />
                    Priced by weight
                  </label>
                )}
              />
            ) : null}
            {pricedByWeight ? (
              <Field label="Weight unit" required error={errors.weightUnit?.message}>
                {(ids) => (
                  <Select
                    {...ids}
                    {...register('weightUnit', {
                      setValueAs: (value: unknown) => (value === '' ? null : value),
                    })}
                  >
                    {WEIGHT_UNITS.map((choice) => (
                      <option key={choice} value={choice}>
                        {choice}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : null}
            <Field
              label={pricedByWeight ? `Price per ${shownWeightUnit}` : 'Price ($)'}
              required
              error={errors.price?.message}
            >
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
          <PackFields
            control={control}
            register={register}
            errors={errors}
            unitRowShown={unitRowShown}
            onUnitRowRemoved={() => setUnitRowShown(false)}
            weightUnit={pricedByWeight ? shownWeightUnit : null}
          />
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
