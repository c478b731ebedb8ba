import { hawaiiDate } from '#core/hawaii-time';
import { lotCreateBody, type LotCreateBody } from '#core/schemas/traceability';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/form-errors';
import { addFieldIssues, messagesByField } from '../../lib/form-schema';
import { useFarmProducts, useRecordLot } from './api';

/** The lot as typed. */
interface LotValues {
  code: string;
  productId: string;
  harvestDate: string;
  location: string;
  quantity: string;
}
const FIELDS: readonly (keyof LotValues)[] = [
  'code',
  'productId',
  'harvestDate',
  'location',
  'quantity',
];

/**
 * The form's schema: what was typed becomes the body the server's own schema checks. A field
 * shows the last of its messages, and any about the product asks to choose one.
 */
const lotForm = z
  .object({
    code: z.string(),
    productId: z.string(),
    harvestDate: z.string(),
    location: z.string(),
    quantity: z.string(),
  })
  .transform((values, ctx) => {
    const parsed = lotCreateBody.safeParse({
      ...values,
      productId: values.productId === '' ? undefined : Number(values.productId),
      quantity: values.quantity === '' ? undefined : Number(values.quantity),
    });
    if (parsed.success) return parsed.data;
    const messages = messagesByField(
      parsed.error.issues.map((issue) => ({ ...issue, path: issue.path.slice(0, 1) })),
      undefined,
      'last',
    );
    if (messages.has('productId')) messages.set('productId', 'Choose a product');
    addFieldIssues(ctx, messages);
    return z.NEVER;
  });

/** Record a lot: its code, the product, the harvest or pack day, the field, how much. */
export function RecordLotDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const products = useFarmProducts();
  const record = useRecordLot();
  const { register, handleSubmit, setError, formState } = useForm<
    LotValues,
    unknown,
    LotCreateBody
  >({
    resolver: zodResolver(lotForm),
    defaultValues: {
      code: '',
      productId: '',
      harvestDate: hawaiiDate(new Date()),
      location: '',
      quantity: '',
    },
    // Messages stay until the next try, which checks the whole lot again.
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;

  const submit = handleSubmit((body) => {
    record.mutate(body, {
      onSuccess: (lot) => {
        toast({
          title: 'Lot recorded',
          description: `${lot.code}: ${lot.quantity} ${lot.product.unit} of ${lot.product.name}`,
        });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body?.fields) {
          showServerFieldErrors(error, setError, FIELDS);
        } else {
          toast({
            title: 'The lot could not be recorded',
            description: error instanceof ApiError ? error.userMessage('') : undefined,
            variant: 'destructive',
          });
        }
      },
    });
  });

  const items = products.items ?? [];
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title="Record a lot"
        description="The traceability lot code you give produce when you pack it, unique on your farm."
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <Field label="Lot code" required error={errors.code?.message}>
            {(ids) => (
              <Input {...ids} autoComplete="off" placeholder="KG-1201-A" {...register('code')} />
            )}
          </Field>
          <Field label="Product" required error={errors.productId?.message}>
            {(ids) => (
              <Select {...ids} {...register('productId')}>
                <option value="">
                  {products.isPending ? 'Loading products…' : 'Choose a product'}
                </option>
                {items.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name} ({product.unit})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Harvest or pack date" required error={errors.harvestDate?.message}>
              {(ids) => <Input {...ids} type="date" {...register('harvestDate')} />}
            </Field>
            <Field label="Quantity" required error={errors.quantity?.message}>
              {(ids) => (
                <Input
                  {...ids}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  {...register('quantity')}
                />
              )}
            </Field>
          </div>
          <Field label="Field or place" required error={errors.location?.message}>
            {(ids) => <Input {...ids} placeholder="Field 3, Kahuku" {...register('location')} />}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? 'Recording…' : 'Record Lot'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
