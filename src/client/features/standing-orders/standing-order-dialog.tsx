import { centsOf, formatUsd } from '#core/money';
import { isWeighedUnit, quantityProblem } from '#core/quantity';
import {
  DEFAULT_DAYS_BEFORE,
  MAX_DAYS_BEFORE,
  standingOrderCreateBody,
  WEEKDAYS,
  type StandingOrder,
  type StandingOrderCreateBody,
  type Weekday,
} from '#core/schemas/standing-order';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select, Textarea } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { WeekdayPicker } from '../../components/ui/weekday-picker';
import { ApiError } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { useFarms } from '../../lib/queries';
import {
  useCreateStandingOrder,
  useFarmCatalog,
  useUpdateStandingOrder,
  type StandingOrderChange,
} from './api';

/** The form as typed: quantities by `p{productId}` ("" = not in the standing order). */
interface StandingOrderValues {
  farmId: string;
  quantities: Record<string, string>;
  weekdays: Weekday[];
  daysBefore: string;
  notes: string;
}
type FieldPath =
  'farmId' | 'weekdays' | 'daysBefore' | 'notes' | 'quantities.lines' | `quantities.p${number}`;

const quantityKey = (productId: number) => `p${productId}` as const;
const quantityField = (productId: number) => `quantities.p${productId}` as const;

function linesOf(quantities: Record<string, string>) {
  return Object.entries(quantities)
    .filter(([, value]) => value.trim() !== '')
    .map(([key, value]) => ({ productId: Number(key.slice(1)), quantity: Number(value) }))
    .sort((a, b) => a.productId - b.productId);
}

/**
 * Where a message of the standing-order schema (or the server's `fields`, with dotted paths)
 * belongs in the form: a line's under its product, the list's under the products.
 */
function fieldOf(path: readonly PropertyKey[], lines: { productId: number }[]): FieldPath {
  const [field, index] = path;
  if (field === 'lines') {
    const productId = lines[Number(index)]?.productId;
    return index !== undefined && productId !== undefined
      ? quantityField(productId)
      : 'quantities.lines';
  }
  if (field === 'farmId' || field === 'weekdays' || field === 'daysBefore' || field === 'notes') {
    return field;
  }
  return 'quantities.lines';
}

/**
 * The form's schema: what was typed becomes the body the server's own schema checks, each of
 * its messages put where it belongs; decimals are for weighed units only, as the server checks.
 */
export function standingOrderForm(units: ReadonlyMap<number, string>) {
  return z
    .object({
      farmId: z.string(),
      quantities: z.record(z.string(), z.string()),
      weekdays: z.array(z.enum(WEEKDAYS)),
      daysBefore: z.string(),
      notes: z.string(),
    })
    .transform((values, ctx) => {
      const lines = linesOf(values.quantities);
      const parsed = standingOrderCreateBody.safeParse({
        farmId: values.farmId === '' ? 0 : Number(values.farmId),
        lines,
        weekdays: values.weekdays,
        daysBefore: values.daysBefore.trim() === '' ? Number.NaN : Number(values.daysBefore),
        notes: values.notes,
      });
      const found = new Map<FieldPath, string>();
      if (values.farmId === '') found.set('farmId', 'Choose a farm');
      for (const issue of parsed.error?.issues ?? []) {
        const field = fieldOf(issue.path, lines);
        if (!found.has(field)) found.set(field, issue.message);
      }
      for (const line of lines) {
        const unit = units.get(line.productId);
        const problem =
          unit && Number.isFinite(line.quantity) ? quantityProblem(unit, line.quantity) : null;
        const field = quantityField(line.productId);
        if (problem && !found.has(field)) found.set(field, problem);
      }
      for (const [field, message] of found) {
        ctx.addIssue({ code: 'custom', path: field.split('.'), message });
      }
      if (!parsed.success || found.size > 0) return z.NEVER;
      // The weekdays go in the order they were picked; the server orders them.
      return { ...parsed.data, weekdays: values.weekdays };
    });
}

/**
 * Setting up or editing a standing order: the farm (fixed once created), a quantity for each
 * of its products, the weekdays and how many days before each delivery day to place it.
 */
export function StandingOrderDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  /** The standing order being edited, or null to set up a new one. */
  editing: StandingOrder | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open ? (
        <DialogContent
          title={editing ? `Edit standing order with ${editing.farm.name}` : 'New standing order'}
          description="Placed automatically before each of the farm's delivery days to your zone, at that day's prices; a short line takes what is in stock."
          className="max-w-2xl"
        >
          <StandingOrderForm editing={editing} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** What an edit changed, and only that (a line left as it was keeps the price it was set at). */
function changesOf(
  editing: StandingOrder,
  body: {
    lines: { productId: number; quantity: number }[];
    weekdays: Weekday[];
    daysBefore: number;
    notes: string | null;
  },
): StandingOrderChange {
  const key = (lines: { productId: number; quantity: number }[]) =>
    lines
      .map((line) => `${line.productId}:${line.quantity}`)
      .sort()
      .join(',');
  const change: StandingOrderChange = {};
  if (key(body.lines) !== key(editing.lines)) change.lines = body.lines;
  if ([...body.weekdays].sort().join() !== [...editing.weekdays].sort().join()) {
    change.weekdays = body.weekdays;
  }
  if (body.daysBefore !== editing.daysBefore) change.daysBefore = body.daysBefore;
  if (body.notes !== editing.notes) change.notes = body.notes;
  return change;
}

function StandingOrderForm({
  editing,
  onClose,
}: {
  editing: StandingOrder | null;
  onClose: () => void;
}) {
  const farms = useFarms(editing === null);
  const { register, handleSubmit, setValue, setError, clearErrors, watch, formState } = useForm<
    StandingOrderValues,
    unknown,
    StandingOrderCreateBody
  >({
    // The units come from the catalog, which loads after the form is made: read them late.
    resolver: (values, context, options) =>
      zodResolver(standingOrderForm(unitsRef.current))(values, context, options),
    defaultValues: {
      farmId: editing ? String(editing.farm.id) : '',
      quantities: Object.fromEntries(
        (editing?.lines ?? []).map((line) => [quantityKey(line.productId), String(line.quantity)]),
      ),
      weekdays: editing?.weekdays ?? [],
      daysBefore: String(editing?.daysBefore ?? DEFAULT_DAYS_BEFORE),
      notes: editing?.notes ?? '',
    },
    // A message goes once its field is edited, as before; the whole form is checked on send.
    reValidateMode: 'onSubmit',
  });
  const farmValue = watch('farmId');
  const farmId = farmValue === '' ? null : Number(farmValue);
  const weekdays = watch('weekdays');
  const catalog = useFarmCatalog(farmId);
  const unitsRef = useRef<ReadonlyMap<number, string>>(new Map());
  unitsRef.current = new Map(
    (catalog.data?.items ?? []).map((product) => [product.id, product.unit]),
  );
  const errors = formState.errors;
  const create = useCreateStandingOrder();
  const update = useUpdateStandingOrder();
  const pending = create.isPending || update.isPending;

  const submit = handleSubmit(async (body) => {
    const change = editing ? changesOf(editing, body) : null;
    if (change && Object.keys(change).length === 0) {
      onClose();
      return;
    }
    try {
      const saved =
        editing && change
          ? await update.mutateAsync({ id: editing.id, change })
          : await create.mutateAsync(body);
      toast({
        title: editing ? 'Standing order saved' : 'Standing order set up',
        description: saved.nextPlacement
          ? `Next order: delivery ${formatCalendarDate(saved.nextPlacement.deliveryDate, 'weekdayShort')}`
          : `With ${saved.farm.name}`,
      });
      onClose();
    } catch (error) {
      const response = error instanceof ApiError ? error.body : null;
      const fields = (response?.fields ?? {}) as Record<string, string>;
      for (const [key, message] of Object.entries(fields)) {
        setError(fieldOf(key.split('.'), body.lines), { message });
      }
      if (response?.code === 'no_delivery_day' || response?.code === 'no_zone') {
        setError('weekdays', { message: response.message });
      }
      toast({
        title: 'Standing order not saved',
        description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
        variant: 'destructive',
      });
    }
  });

  const products = catalog.data?.items ?? [];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      {editing ? null : (
        <Field label="Farm" error={errors.farmId?.message} required>
          {(ids) => (
            <Select
              {...ids}
              value={farmValue}
              disabled={farms.isPending}
              onChange={(event) => {
                setValue('farmId', event.target.value);
                setValue('quantities', {});
                clearErrors();
              }}
            >
              <option value="">{farms.isPending ? 'Loading farms...' : 'Choose a farm'}</option>
              {(farms.data ?? []).map((farm) => (
                <option key={farm.id} value={farm.id}>
                  {farm.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}

      {farmId === null ? null : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-stone-800">
            Products and quantities <span className="text-destructive">*</span>
          </legend>
          {catalog.isPending ? (
            <div aria-busy="true" aria-label="Loading products" className="flex flex-col gap-2">
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-11 w-full" />
            </div>
          ) : catalog.isError ? (
            <p role="alert" className="text-sm text-red-800">
              The farm's products could not be loaded. Close and try again.
            </p>
          ) : products.length === 0 ? (
            <p className="text-sm text-stone-600">This farm has no products on offer right now.</p>
          ) : (
            <ul className="flex max-h-72 flex-col divide-y divide-stone-200 overflow-y-auto rounded-md border border-stone-200">
              {products.map((product) => {
                const key = quantityKey(product.id);
                const error = errors.quantities?.[key]?.message;
                return (
                  <li key={product.id} className="flex flex-col gap-1 px-3 py-2">
                    <div className="flex items-center justify-between gap-3">
                      <label htmlFor={`qty-${product.id}`} className="min-w-0 flex-1 text-sm">
                        <span className="block truncate font-medium">{product.name}</span>
                        <span className="tabular text-xs text-stone-600">
                          {formatUsd(centsOf(product.price))} / {product.unit}
                        </span>
                      </label>
                      <div className="w-24 shrink-0">
                        <Input
                          id={`qty-${product.id}`}
                          inputMode={isWeighedUnit(product.unit) ? 'decimal' : 'numeric'}
                          autoComplete="off"
                          placeholder="0"
                          aria-invalid={Boolean(error)}
                          aria-describedby={error ? `qty-${product.id}-error` : undefined}
                          className="tabular text-right"
                          {...register(`quantities.${key}`, {
                            onChange: () => clearErrors([`quantities.${key}`, 'quantities.lines']),
                          })}
                        />
                      </div>
                    </div>
                    {error ? (
                      <p
                        id={`qty-${product.id}-error`}
                        role="alert"
                        className="text-sm text-destructive"
                      >
                        {error}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
          {errors.quantities?.lines?.message ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.quantities.lines.message}
            </p>
          ) : null}
        </fieldset>
      )}

      <WeekdayPicker
        legend="Delivery weekdays"
        value={weekdays}
        onChange={(next) => {
          setValue('weekdays', next);
          clearErrors('weekdays');
        }}
        error={errors.weekdays?.message}
        hint="An order is placed for each of the farm's delivery days to your zone on these days."
      />

      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Days before delivery"
          error={errors.daysBefore?.message}
          hint={`0 to ${MAX_DAYS_BEFORE}; never after the farm's cutoff`}
          required
        >
          {(ids) => (
            <Input
              {...ids}
              inputMode="numeric"
              autoComplete="off"
              {...register('daysBefore', { onChange: () => clearErrors('daysBefore') })}
            />
          )}
        </Field>
        <Field label="Notes for the farm" error={errors.notes?.message}>
          {(ids) => <Textarea {...ids} {...register('notes')} />}
        </Field>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : editing ? 'Save changes' : 'Set up standing order'}
        </Button>
      </div>
    </form>
  );
}
