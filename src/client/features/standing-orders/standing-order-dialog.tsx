import { centsOf, formatUsd } from '#core/money';
import { isWeighedUnit, quantityProblem } from '#core/quantity';
import {
  DEFAULT_DAYS_BEFORE,
  MAX_DAYS_BEFORE,
  standingOrderCreateBody,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type StandingOrder,
  type Weekday,
} from '#core/schemas/standing-order';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select, Textarea } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatCalendarDate } from '../../lib/format';
import { useFarms } from '../../lib/queries';
import {
  useCreateStandingOrder,
  useFarmCatalog,
  useUpdateStandingOrder,
  type StandingOrderChange,
} from './api';

type Errors = Partial<Record<'farmId' | 'lines' | 'weekdays' | 'daysBefore' | 'notes', string>> & {
  /** By product id. */
  products?: Record<number, string>;
};

/** The quantities typed per product id, as typed ("" = not in the standing order). */
type Quantities = Record<number, string>;

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
  const [farmId, setFarmId] = useState<number | null>(editing?.farm.id ?? null);
  const catalog = useFarmCatalog(farmId);
  const [quantities, setQuantities] = useState<Quantities>(() =>
    Object.fromEntries(
      (editing?.lines ?? []).map((line) => [line.productId, String(line.quantity)]),
    ),
  );
  const [weekdays, setWeekdays] = useState<Weekday[]>(editing?.weekdays ?? []);
  const [daysBefore, setDaysBefore] = useState(String(editing?.daysBefore ?? DEFAULT_DAYS_BEFORE));
  const [notes, setNotes] = useState(editing?.notes ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateStandingOrder();
  const update = useUpdateStandingOrder();
  const pending = create.isPending || update.isPending;

  const toggleDay = (day: Weekday) => {
    setWeekdays((current) =>
      current.includes(day) ? current.filter((d) => d !== day) : [...current, day],
    );
    setErrors((current) => ({ ...current, weekdays: undefined }));
  };

  const lines = Object.entries(quantities)
    .filter(([, value]) => value.trim() !== '')
    .map(([productId, value]) => ({ productId: Number(productId), quantity: Number(value) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      farmId: farmId ?? 0,
      lines,
      weekdays,
      daysBefore: daysBefore.trim() === '' ? Number.NaN : Number(daysBefore),
      notes: notes.trim() || null,
    };
    const parsed = standingOrderCreateBody.safeParse(body);
    const found: Errors = {};
    if (farmId === null) found.farmId = 'Choose a farm';
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [field, index] = issue.path;
        if (field === 'lines' && typeof index === 'number') {
          const productId = lines[index]?.productId;
          if (productId !== undefined) {
            found.products = { ...found.products, [productId]: issue.message };
            continue;
          }
        }
        const key = field as keyof Omit<Errors, 'products'>;
        if (key && key !== 'farmId') found[key] ??= issue.message;
      }
    }
    // Decimals are for weighed units only, as the server checks too.
    for (const line of lines) {
      const unit = catalog.data?.items.find((product) => product.id === line.productId)?.unit;
      const problem =
        unit && Number.isFinite(line.quantity) ? quantityProblem(unit, line.quantity) : null;
      if (problem && !found.products?.[line.productId]) {
        found.products = { ...found.products, [line.productId]: problem };
      }
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
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
      const next: Errors = {};
      for (const [key, message] of Object.entries(fields)) {
        const match = /^lines\.(\d+)\./.exec(key);
        const productId = match ? lines[Number(match[1])]?.productId : undefined;
        if (productId !== undefined) next.products = { ...next.products, [productId]: message };
        else if (key.startsWith('weekdays')) next.weekdays = message;
        else if (key === 'farmId') next.farmId = message;
        else if (key === 'daysBefore') next.daysBefore = message;
        else next.lines = message;
      }
      if (response?.code === 'no_delivery_day' || response?.code === 'no_zone') {
        next.weekdays = response.message;
      }
      setErrors(next);
      toast({
        title: 'Standing order not saved',
        description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
        variant: 'destructive',
      });
    }
  };

  const products = catalog.data?.items ?? [];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      {editing ? null : (
        <Field label="Farm" error={errors.farmId} required>
          {(ids) => (
            <Select
              {...ids}
              value={farmId ?? ''}
              disabled={farms.isPending}
              onChange={(event) => {
                setFarmId(event.target.value ? Number(event.target.value) : null);
                setQuantities({});
                setErrors({});
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
                const error = errors.products?.[product.id];
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
                          value={quantities[product.id] ?? ''}
                          onChange={(event) => {
                            setQuantities((current) => ({
                              ...current,
                              [product.id]: event.target.value,
                            }));
                            setErrors((current) => ({
                              ...current,
                              lines: undefined,
                              products: { ...current.products, [product.id]: '' },
                            }));
                          }}
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
          {errors.lines ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.lines}
            </p>
          ) : null}
        </fieldset>
      )}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">
          Delivery weekdays <span className="text-destructive">*</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => {
            const on = weekdays.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={on}
                onClick={() => toggleDay(day)}
                className={cn(
                  'min-h-11 min-w-14 rounded-md border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary',
                  on
                    ? 'border-primary bg-primary text-white'
                    : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
                )}
              >
                <span aria-hidden="true">{WEEKDAY_LABELS[day].slice(0, 3)}</span>
                <span className="sr-only">{WEEKDAY_LABELS[day]}</span>
              </button>
            );
          })}
        </div>
        {errors.weekdays ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.weekdays}
          </p>
        ) : (
          <p className="text-xs text-stone-500">
            An order is placed for each of the farm's delivery days to your zone on these days.
          </p>
        )}
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Days before delivery"
          error={errors.daysBefore}
          hint={`0 to ${MAX_DAYS_BEFORE}; never after the farm's cutoff`}
          required
        >
          {(ids) => (
            <Input
              {...ids}
              inputMode="numeric"
              autoComplete="off"
              value={daysBefore}
              onChange={(event) => {
                setDaysBefore(event.target.value);
                setErrors((current) => ({ ...current, daysBefore: undefined }));
              }}
            />
          )}
        </Field>
        <Field label="Notes for the farm" error={errors.notes}>
          {(ids) => (
            <Textarea {...ids} value={notes} onChange={(event) => setNotes(event.target.value)} />
          )}
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
