import { centsOf, formatUsd } from '#core/money';
import { isUnitPack, packQuantityProblem } from '#core/packs';
import { isWeighedUnit, quantityProblem } from '#core/quantity';
import type { Product } from '#core/schemas/product';
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
import { useRef, useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
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

/**
 * The form as typed, by row: `p{productId}` is a product's first row, `p{productId}_{n}` another
 * pack of it. `quantities` ("" = not in the standing order) and the pack chosen in `packs`
 * ("" = the product's unit pack).
 */
interface StandingOrderValues {
  farmId: string;
  quantities: Record<string, string>;
  packs: Record<string, string>;
  weekdays: Weekday[];
  daysBefore: string;
  notes: string;
}
type RowKey = `p${number}` | `p${number}_${number}`;
type FieldPath =
  'farmId' | 'weekdays' | 'daysBefore' | 'notes' | 'quantities.lines' | `quantities.${RowKey}`;

const rowKey = (productId: number, row: number): RowKey =>
  row === 0 ? `p${productId}` : `p${productId}_${row}`;
const quantityField = (key: RowKey) => `quantities.${key}` as const;
const productOfRow = (key: string) => Number(key.slice(1).split('_')[0]);
const rowIndex = (key: string) => Number(key.split('_')[1] ?? 0);

/** A form line: the row it was typed in, its product, pack (absent: the unit) and quantity. */
interface FormLine {
  row: RowKey;
  productId: number;
  packId?: number;
  quantity: number;
}

function linesOf(quantities: Record<string, string>, packs: Record<string, string>): FormLine[] {
  return Object.entries(quantities)
    .filter(([, value]) => value.trim() !== '')
    .map(([key, value]) => {
      const pack = packs[key] ?? '';
      return {
        row: key as RowKey,
        productId: productOfRow(key),
        ...(pack === '' ? {} : { packId: Number(pack) }),
        quantity: Number(value),
      };
    })
    .sort((a, b) => a.productId - b.productId || rowIndex(a.row) - rowIndex(b.row));
}

const withoutRow = ({ row: _row, ...line }: FormLine) => line;

/**
 * Where a message of the standing-order schema (or the server's `fields`, with dotted paths)
 * belongs in the form: a line's under its row, the list's under the products.
 */
function fieldOf(path: readonly PropertyKey[], lines: { row: RowKey }[]): FieldPath {
  const [field, index] = path;
  if (field === 'lines') {
    const row = lines[Number(index)]?.row;
    return index !== undefined && row !== undefined ? quantityField(row) : 'quantities.lines';
  }
  if (field === 'farmId' || field === 'weekdays' || field === 'daysBefore' || field === 'notes') {
    return field;
  }
  return 'quantities.lines';
}

/** What the form checks of a product: its unit and packs, as the catalogue answers them. */
type CatalogProduct = Pick<Product, 'unit' | 'packs'>;

/** A line's pack among the product's (absent: its unit pack), or undefined. */
function packOfLine(product: CatalogProduct | undefined, packId: number | undefined) {
  return product?.packs?.find((pack) =>
    packId === undefined ? isUnitPack(pack) : pack.id === packId,
  );
}

/**
 * The form's schema: what was typed becomes the body the server's own schema checks, each of
 * its messages put where it belongs; whole packs, decimals for a weighed unit only, and a
 * pack's minimum, as the server checks.
 */
export function standingOrderForm(catalog: ReadonlyMap<number, CatalogProduct>) {
  return z
    .object({
      farmId: z.string(),
      quantities: z.record(z.string(), z.string()),
      packs: z.record(z.string(), z.string()),
      weekdays: z.array(z.enum(WEEKDAYS)),
      daysBefore: z.string(),
      notes: z.string(),
    })
    .transform((values, ctx) => {
      const lines = linesOf(values.quantities, values.packs);
      const parsed = standingOrderCreateBody.safeParse({
        farmId: values.farmId === '' ? 0 : Number(values.farmId),
        lines: lines.map(withoutRow),
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
        const product = catalog.get(line.productId);
        const pack = packOfLine(product, line.packId);
        const problem =
          !product || !Number.isFinite(line.quantity)
            ? null
            : pack
              ? packQuantityProblem(product.unit, pack, line.quantity)
              : quantityProblem(product.unit, line.quantity);
        const field = quantityField(line.row);
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
    lines: { productId: number; packId?: number | undefined; quantity: number }[];
    weekdays: Weekday[];
    daysBefore: number;
    notes: string | null;
  },
): StandingOrderChange {
  const key = (lines: { productId: number; packId?: number | undefined; quantity: number }[]) =>
    lines
      .map((line) => `${line.productId}:${line.packId ?? 'unit'}:${line.quantity}`)
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
  // Each line of a product has its row: a product bought in two packs has two.
  const editedRows = rowsOfLines(editing?.lines ?? []);
  const [rowCounts, setRowCounts] = useState<Record<number, number>>(() => {
    const counts: Record<number, number> = {};
    for (const { line } of editedRows) counts[line.productId] = (counts[line.productId] ?? 0) + 1;
    return counts;
  });
  const { register, handleSubmit, setValue, setError, clearErrors, watch, getValues, formState } =
    useForm<StandingOrderValues, unknown, StandingOrderCreateBody>({
      // The units and packs come from the catalog, which loads after the form is made: read them late.
      resolver: (values, context, options) =>
        zodResolver(standingOrderForm(catalogRef.current))(values, context, options),
      defaultValues: {
        farmId: editing ? String(editing.farm.id) : '',
        quantities: Object.fromEntries(
          editedRows.map(({ row, line }) => [row, String(line.quantity)]),
        ),
        packs: Object.fromEntries(
          editedRows.map(({ row, line }) => [
            row,
            line.packId === undefined ? '' : String(line.packId),
          ]),
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
  const catalogRef = useRef<ReadonlyMap<number, CatalogProduct>>(new Map());
  catalogRef.current = new Map((catalog.data?.items ?? []).map((product) => [product.id, product]));
  const chosenPacks = watch('packs');
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
      // The server counts the lines as sent: the rows they came from, in the same order.
      const sent = linesOf(getValues('quantities'), getValues('packs'));
      for (const [key, message] of Object.entries(fields)) {
        setError(fieldOf(key.split('.'), sent), { message });
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
                setValue('packs', {});
                setRowCounts({});
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
                const packs = product.packs ?? [];
                const rows = Array.from(
                  { length: Math.max(1, rowCounts[product.id] ?? 1) },
                  (_, index) => rowKey(product.id, index),
                );
                return (
                  <li key={product.id} className="flex flex-col gap-1 px-3 py-2">
                    {rows.map((row, index) => (
                      <PackRow
                        key={row}
                        product={product}
                        row={row}
                        first={index === 0}
                        packId={chosenPacks?.[row] ?? ''}
                        onPack={(value) => {
                          setValue(`packs.${row}`, value);
                          clearErrors([quantityField(row), 'quantities.lines']);
                        }}
                        error={errors.quantities?.[row]?.message}
                        input={register(quantityField(row), {
                          onChange: () => clearErrors([quantityField(row), 'quantities.lines']),
                        })}
                      />
                    ))}
                    {packs.length > rows.length ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="self-start"
                        onClick={() =>
                          setRowCounts((counts) => ({ ...counts, [product.id]: rows.length + 1 }))
                        }
                      >
                        Add another pack of {product.name}
                      </Button>
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

/** The edited lines in rows: a product's first line in its first row, the next in the next. */
function rowsOfLines(
  lines: StandingOrder['lines'],
): { row: RowKey; line: StandingOrder['lines'][number] }[] {
  const seen = new Map<number, number>();
  return lines.map((line) => {
    const index = seen.get(line.productId) ?? 0;
    seen.set(line.productId, index + 1);
    return { row: rowKey(line.productId, index), line };
  });
}

/**
 * One line of a product: its pack (a choice when it sells more than one) beside the quantity,
 * with the price of the pack chosen.
 */
function PackRow({
  product,
  row,
  first,
  packId,
  onPack,
  error,
  input,
}: {
  product: Product;
  row: RowKey;
  first: boolean;
  /** The pack chosen ("": the unit pack). */
  packId: string;
  onPack: (packId: string) => void;
  error: string | undefined;
  input: ReturnType<UseFormRegister<StandingOrderValues>>;
}) {
  const packs = product.packs ?? [];
  const pack = packOfLine(product, packId === '' ? undefined : Number(packId));
  const price = pack?.price ?? product.price;
  const label = pack?.label ?? product.unit;
  const inputId = `qty-${row}`;
  const selected = packId === '' ? String(pack?.id ?? '') : packId;
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={inputId} className="min-w-0 flex-1 text-sm">
          <span className={first ? 'block truncate font-medium' : 'sr-only'}>
            {first ? product.name : `${product.name}, another pack`}
          </span>
          <span className="tabular text-xs text-stone-600">
            {formatUsd(centsOf(price))} / {label}
          </span>
        </label>
        {packs.length > 1 ? (
          <Select
            aria-label={`Pack of ${product.name}`}
            className="w-40 shrink-0"
            value={selected}
            onChange={(event) => onPack(event.target.value)}
          >
            {packs.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </Select>
        ) : null}
        <div className="w-24 shrink-0">
          <Input
            id={inputId}
            inputMode={
              isWeighedUnit(product.unit) && (!pack || isUnitPack(pack)) ? 'decimal' : 'numeric'
            }
            autoComplete="off"
            placeholder="0"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="tabular text-right"
            {...input}
          />
        </div>
      </div>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
