import { hawaiiDate } from '#core/hawaii-time';
import { lotCreateBody, type LotCreateInput } from '#core/schemas/traceability';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useFarmProducts, useRecordLot } from './api';

type Values = {
  code: string;
  productId: string;
  harvestDate: string;
  location: string;
  quantity: string;
};

/** Record a lot: its code, the product, the harvest or pack day, the field, how much. */
export function RecordLotDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const products = useFarmProducts();
  const record = useRecordLot();
  const [values, setValues] = useState<Values>({
    code: '',
    productId: '',
    harvestDate: hawaiiDate(new Date()),
    location: '',
    quantity: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: LotCreateInput = {
      code: values.code,
      productId: values.productId === '' ? (undefined as never) : Number(values.productId),
      harvestDate: values.harvestDate,
      location: values.location,
      quantity: values.quantity === '' ? (undefined as never) : Number(values.quantity),
    };
    const parsed = lotCreateBody.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            issue.path[0] === 'productId' ? 'Choose a product' : issue.message,
          ]),
        ),
      );
      return;
    }
    setErrors({});
    record.mutate(parsed.data, {
      onSuccess: (lot) => {
        toast({
          title: 'Lot recorded',
          description: `${lot.code}: ${lot.quantity} ${lot.product.unit} of ${lot.product.name}`,
        });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body?.fields) setErrors(error.body.fields);
        else
          toast({
            title: 'The lot could not be recorded',
            description: error instanceof ApiError ? error.userMessage('') : undefined,
            variant: 'destructive',
          });
      },
    });
  }

  const items = products.items ?? [];
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title="Record a lot"
        description="The traceability lot code you give produce when you pack it, unique on your farm."
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field label="Lot code" required error={errors.code}>
            {(ids) => (
              <Input
                {...ids}
                autoComplete="off"
                placeholder="KG-1201-A"
                value={values.code}
                onChange={(event) => set('code')(event.target.value)}
              />
            )}
          </Field>
          <Field label="Product" required error={errors.productId}>
            {(ids) => (
              <Select
                {...ids}
                value={values.productId}
                onChange={(event) => set('productId')(event.target.value)}
              >
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
            <Field label="Harvest or pack date" required error={errors.harvestDate}>
              {(ids) => (
                <Input
                  {...ids}
                  type="date"
                  value={values.harvestDate}
                  onChange={(event) => set('harvestDate')(event.target.value)}
                />
              )}
            </Field>
            <Field label="Quantity" required error={errors.quantity}>
              {(ids) => (
                <Input
                  {...ids}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  value={values.quantity}
                  onChange={(event) => set('quantity')(event.target.value)}
                />
              )}
            </Field>
          </div>
          <Field label="Field or place" required error={errors.location}>
            {(ids) => (
              <Input
                {...ids}
                placeholder="Field 3, Kahuku"
                value={values.location}
                onChange={(event) => set('location')(event.target.value)}
              />
            )}
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
