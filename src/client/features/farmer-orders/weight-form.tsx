import type { OrderAsSeen } from '#core/schemas/order';
import { weightLabel } from '#core/catch-weight';
import { packNoun } from '#core/packs';
import { addQuantities, hasAtMostTwoDecimals } from '#core/quantity';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { isOffline, keepWeight, newWeightKey, sendWeight } from './weight-outbox';

const weightFigure = z
  .string()
  .trim()
  .min(1, 'Enter the weight')
  .refine((text) => Number(text) > 0, 'Enter a weight above 0')
  .refine((text) => hasAtMostTwoDecimals(Number(text)), 'At most 2 decimals');

const weightForm = z.object({ weights: z.array(weightFigure).min(1) });
type WeightFormValues = z.infer<typeof weightForm>;

/**
 * One field for the whole line, or one per pack ("one per case"). Sent at once; without a
 * network, kept on the phone until it is back. `onSaved` gets the order as the server has it.
 */
export function WeightForm({
  order,
  line,
  onSaved,
  onDone,
}: {
  order: OrderAsSeen;
  line: OrderAsSeen['orderItems'][number];
  onSaved: (order: OrderAsSeen) => void;
  onDone: () => void;
}) {
  const unit = line.weightUnit!;
  const packLabel = line.pack?.label ?? line.product.unit;
  const packs = line.quantity;
  const [perPack, setPerPack] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useForm<WeightFormValues>({
    resolver: zodResolver(weightForm),
    defaultValues: { weights: [''] },
  });

  const choosePerPack = (checked: boolean) => {
    setPerPack(checked);
    form.reset({ weights: Array.from({ length: checked ? packs : 1 }, () => '') });
  };

  const save = form.handleSubmit(async ({ weights }) => {
    const figures = weights.map(Number);
    const body = perPack ? { weights: figures } : { weight: figures[0]! };
    // One key per weighing, kept with it: a retry after a lost answer records it once.
    const weighing = { key: newWeightKey(), orderId: order.id, itemId: line.id, body };
    setSaving(true);
    try {
      onSaved(await sendWeight(weighing));
      onDone();
    } catch (error) {
      if (isOffline(error)) {
        await keepWeight(weighing);
        onDone();
        return;
      }
      const field = error instanceof ApiError ? error.body?.fields?.weights : undefined;
      if (field) form.setError('weights.0', { message: String(field) });
      else
        toast({
          title: 'The weight was not saved',
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        });
    } finally {
      setSaving(false);
    }
  });

  const errors = form.formState.errors.weights;
  const total = perPack
    ? form
        .watch('weights')
        .map(Number)
        .filter((figure) => figure > 0)
        .reduce(addQuantities, 0)
    : null;

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-2">
      {packs > 1 ? (
        <label className="flex min-h-11 items-center gap-2 sm:min-h-0">
          <input
            type="checkbox"
            checked={perPack}
            onChange={(event) => choosePerPack(event.target.checked)}
          />
          One per {packNoun(packLabel, 1)}
        </label>
      ) : null}
      <div className="flex flex-col gap-2">
        {form.watch('weights').map((_, index) => (
          <Field
            key={`${perPack}-${index}`}
            label={
              perPack
                ? `${packNoun(packLabel, 1)} ${index + 1} (${unit})`
                : `Weight of the line (${unit})`
            }
            error={errors?.[index]?.message}
            required
          >
            {(ids) => (
              <Input
                {...ids}
                inputMode="decimal"
                autoComplete="off"
                className="w-full max-w-40"
                {...form.register(`weights.${index}` as const)}
              />
            )}
          </Field>
        ))}
      </div>
      {total !== null && total > 0 ? (
        <p className="text-xs text-stone-600">Total {weightLabel(total, unit)}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button writes type="submit" size="sm" disabled={saving}>
          {saving ? 'Saving...' : 'Save weight'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
