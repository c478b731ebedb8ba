import { formatMoneyString } from '#core/money';
import { isUnitPack, packNoun } from '#core/packs';
import { isWeighedUnit } from '#core/quantity';
import type { PriceListKind } from '#core/pricing';
import type { Product } from '#core/schemas/product';
import {
  isUnitEntry,
  PRICE_LIST_KINDS,
  priceListBody,
  type PriceList,
  type PriceListBody,
  type PriceListFormValues,
} from '#core/schemas/price-list';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ErrorState } from '../../components/ui/empty-state';
import { Field, Input, Select } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { addFieldIssues, messagesByField } from '../../lib/form-schema';
import { usePricedProducts, useSavePriceList } from './api';

interface BreakRow {
  /** The product and, for a pack other than its unit, the pack: `breakTarget`'s value. */
  target: string;
  minQuantity: string;
  price: string;
}

/** The list as typed. */
interface PriceListValues {
  name: string;
  kind: PriceListKind;
  percentOff: string;
  /**
   * The list's own price by `priceKey`: `p{productId}` for the product's unit, `p{productId}x
   * {packId}` for another of its packs (docs/packs.md); blank: the list price.
   */
  prices: Record<string, string>;
  breaks: BreakRow[];
}

/** An entry's product and pack (none: its unit), as the form keys and the body sends them. */
interface EntryTarget {
  productId: number;
  packId?: number | null;
}

const priceKey = (entry: EntryTarget) =>
  isUnitEntry(entry) ? `p${entry.productId}` : `p${entry.productId}x${entry.packId}`;
/** A break's product (and pack) as its select's value. */
const breakTarget = (entry: EntryTarget) =>
  isUnitEntry(entry) ? String(entry.productId) : `${entry.productId}:${entry.packId}`;

function targetOf(key: string): EntryTarget {
  const [productId, packId] = key.replace(/^p/, '').split(/[x:]/);
  return { productId: Number(productId), packId: packId === undefined ? null : Number(packId) };
}

/** Where a message about the list's prices as a whole is said. */
const PRICES_MESSAGE = 'prices.list';

function valuesOf(list: PriceList | null): PriceListValues {
  return {
    name: list?.name ?? '',
    kind: list?.kind ?? 'percent',
    percentOff: list?.percentOff ?? '',
    prices: Object.fromEntries((list?.prices ?? []).map((entry) => [priceKey(entry), entry.price])),
    breaks: (list?.breaks ?? []).map((entry) => ({
      target: breakTarget(entry),
      minQuantity: String(entry.minQuantity),
      price: entry.price,
    })),
  };
}

/** The entry as the body sends it: a unit's without a pack, as before packs. */
const sent = ({ productId, packId }: EntryTarget) =>
  isUnitEntry({ packId }) ? { productId } : { productId, packId };

/** The body the typed list makes, and for each sent price the form's key of it. */
function bodyOf(values: PriceListValues): { body: PriceListFormValues; pricedKeys: string[] } {
  const priced = Object.entries(values.prices)
    .filter(([, price]) => price.trim() !== '')
    .map(([key, price]) => ({ key, target: targetOf(key), price }))
    .sort(
      (a, b) =>
        a.target.productId - b.target.productId || (a.target.packId ?? 0) - (b.target.packId ?? 0),
    );
  const pricing = values.kind === 'prices' ? priced : [];
  return {
    body: {
      name: values.name,
      kind: values.kind,
      percentOff: values.kind === 'percent' ? values.percentOff : null,
      prices: pricing.map(({ target, price }) => ({ ...sent(target), price })),
      breaks: values.breaks.map((row) => ({
        ...sent(targetOf(row.target)),
        minQuantity: row.minQuantity.trim() === '' ? Number.NaN : Number(row.minQuantity),
        price: row.price,
      })),
    },
    pricedKeys: pricing.map(({ key }) => key),
  };
}

/**
 * Where a message of the schema or the server (a dotted path) is said: the paths name prices
 * by position, the form by product and pack; a break's pack is its product's select.
 */
function fieldOf(path: string, pricedKeys: readonly string[]): string {
  if (path === 'prices') return PRICES_MESSAGE;
  const breakTargetPath = /^breaks\.(\d+)\.(productId|packId)$/.exec(path);
  if (breakTargetPath) return `breaks.${breakTargetPath[1]}.target`;
  const price = /^prices\.(\d+)\./.exec(path);
  if (!price) return path;
  const key = pricedKeys[Number(price[1])];
  return key === undefined ? PRICES_MESSAGE : `prices.${key}`;
}

/** A product's packs other than its unit, smallest first: each priced on a row of its own. */
function otherPacks(product: Product) {
  return (product.packs ?? []).filter((pack) => !isUnitPack(pack));
}

/**
 * The form's schema: the typed list becomes the body the server's own schema checks, each of
 * its messages said where it belongs (the last of a field's, as the editor always showed).
 */
const priceListForm = z
  .object({
    name: z.string(),
    kind: z.enum(PRICE_LIST_KINDS),
    percentOff: z.string(),
    prices: z.record(z.string(), z.string()),
    breaks: z.array(z.object({ target: z.string(), minQuantity: z.string(), price: z.string() })),
  })
  .transform((values, ctx) => {
    const { body, pricedKeys } = bodyOf(values);
    const parsed = priceListBody.safeParse(body);
    if (parsed.success) return parsed.data;
    addFieldIssues(
      ctx,
      messagesByField(parsed.error.issues, (path) => fieldOf(path, pricedKeys), 'last'),
    );
    return z.NEVER;
  });

/**
 * Create or edit a price list: a percentage off the farm's list prices or its own price per
 * product, plus quantity breaks (docs/price-lists.md). The same schema as the server checks it.
 */
export function PriceListEditor({
  list,
  open,
  onOpenChange,
}: {
  /** The list to edit; null to make a new one. */
  list: PriceList | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={list ? `Edit ${list.name}` : 'New price list'}
        description="Restaurants on the list see these prices everywhere they buy from you."
        className="max-w-2xl"
      >
        {open ? <EditorForm list={list} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditorForm({ list, onDone }: { list: PriceList | null; onDone: () => void }) {
  const { register, handleSubmit, getValues, setValue, setError, clearErrors, watch, formState } =
    useForm<PriceListValues, unknown, PriceListBody>({
      resolver: zodResolver(priceListForm),
      defaultValues: valuesOf(list),
      // A field's message goes once the field changes; the rest stay until the next save.
      reValidateMode: 'onSubmit',
    });
  const { errors } = formState;
  const kind = watch('kind');
  const breaks = watch('breaks');
  const products = usePricedProducts(true);
  const save = useSavePriceList();
  const productList = products.items?.filter((product) => product.isActive) ?? [];
  const productName = (id: number) => products.items?.find((p) => p.id === id)?.name ?? 'Product';
  const clearing = (...fields: Path<PriceListValues>[]) => ({
    onChange: () => clearErrors(fields),
  });
  // The breaks are a list of rows kept in the form's values: added and removed as a whole.
  const setBreaks = (rows: BreakRow[]) => setValue('breaks', rows);

  const submit = handleSubmit((body) => {
    save.mutate(
      { id: list?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast({ title: `${saved.name} saved` });
          onDone();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.body?.fields : undefined;
          const { pricedKeys } = bodyOf(getValues());
          for (const [key, message] of Object.entries(fields ?? {})) {
            setError(fieldOf(key, pricedKeys) as Path<PriceListValues>, { message });
          }
          toast({
            title: 'The price list was not saved',
            description: error.message,
            variant: 'destructive',
          });
        },
      },
    );
  });

  /** One price of a list of prices: a product's unit, or under it one of its other packs. */
  const priceRow = (row: {
    key: string;
    name: string;
    label: ReactNode;
    listPrice: string | undefined;
    per: string;
  }) => (
    <div key={row.key} className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="min-w-0 flex-1 basis-40 text-sm">
        {row.label}{' '}
        <span className="tabular text-stone-600">
          list {row.listPrice ? formatMoneyString(row.listPrice) : ''} / {row.per}
        </span>
      </span>
      <Field
        label={<span className="sr-only">Price of {row.name}</span>}
        error={errors.prices?.[row.key]?.message}
        className="w-32"
      >
        {(ids) => (
          <Input
            {...ids}
            inputMode="decimal"
            placeholder={row.listPrice ?? ''}
            {...register(`prices.${row.key}`, clearing(`prices.${row.key}`, PRICES_MESSAGE))}
          />
        )}
      </Field>
    </div>
  );

  const breaksMessage = errors.breaks?.root?.message ?? errors.breaks?.message;
  return (
    <form className="flex flex-col gap-5" onSubmit={(event) => void submit(event)} noValidate>
      <Field label="Name" required error={errors.name?.message}>
        {(ids) => (
          <Input
            {...ids}
            maxLength={80}
            placeholder="Chef's table"
            {...register('name', clearing('name'))}
          />
        )}
      </Field>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">Prices</legend>
        {(
          [
            ['percent', 'A percentage off your list prices'],
            ['prices', 'Your own price for each product'],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className="flex min-h-11 items-center gap-3 rounded-md border border-stone-200 px-3 has-[:checked]:border-primary"
          >
            <input
              type="radio"
              value={value}
              className="size-4 accent-primary"
              {...register('kind', clearing('kind'))}
            />
            <span className="text-sm">{label}</span>
          </label>
        ))}
      </fieldset>

      {kind === 'percent' ? (
        <Field
          label="Percentage off"
          required
          error={errors.percentOff?.message}
          hint="From 0 to 100, like 10 or 12.5"
          className="sm:w-56"
        >
          {(ids) => (
            <div className="flex items-center gap-2">
              <Input
                {...ids}
                inputMode="decimal"
                {...register('percentOff', clearing('percentOff'))}
              />
              <span aria-hidden="true">%</span>
            </div>
          )}
        </Field>
      ) : (
        <section aria-label="Price per product" className="flex flex-col gap-2">
          <p className="text-sm text-stone-600">
            Leave a price blank to sell that product at its list price.
          </p>
          {errors.prices?.list?.message ? (
            <p className="text-sm text-destructive" role="alert">
              {errors.prices.list.message}
            </p>
          ) : null}
          {products.error && !products.items ? (
            <ErrorState title="Could not load your products" error={products.error} />
          ) : !products.items ? (
            <Skeleton className="h-40" />
          ) : productList.length === 0 ? (
            <p className="text-sm text-stone-600">Add products in Inventory to price them here.</p>
          ) : (
            <ul className="flex max-h-72 flex-col divide-y divide-stone-100 overflow-y-auto rounded-md border border-stone-200">
              {productList.map((product) => (
                <li key={product.id} className="flex flex-col gap-1 p-2">
                  {priceRow({
                    name: product.name,
                    label: <span className="font-medium">{product.name}</span>,
                    listPrice: product.price,
                    per: product.unit,
                    key: priceKey({ productId: product.id }),
                  })}
                  {otherPacks(product).map((pack) =>
                    priceRow({
                      name: `${product.name}, ${pack.label}`,
                      label: <span className="pl-4 text-stone-700">{pack.label}</span>,
                      listPrice: pack.price,
                      per: pack.label,
                      key: priceKey({ productId: product.id, packId: pack.id }),
                    }),
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section aria-label="Quantity breaks" className="flex flex-col gap-2">
        <div>
          <h3 className="text-sm font-medium text-stone-800">Quantity breaks</h3>
          <p className="text-sm text-stone-600">
            A lower price per unit (or per pack) from a quantity on, for each line of an order.
          </p>
        </div>
        {breaks.map((row, index) => {
          const target = targetOf(row.target);
          const product = productList.find((candidate) => candidate.id === target.productId);
          const pack = isUnitEntry(target)
            ? undefined
            : product?.packs?.find((candidate) => candidate.id === target.packId);
          const known = product !== undefined && (isUnitEntry(target) || pack !== undefined);
          const counted = pack ? packNoun(pack.label, 2) : (product?.unit ?? 'units');
          const rowErrors = errors.breaks?.[index];
          return (
            <div
              key={index}
              className="grid grid-cols-2 items-start gap-2 rounded-md border border-stone-200 p-2 sm:grid-cols-[1fr_7rem_7rem_auto]"
            >
              <Field
                label="Product"
                error={rowErrors?.target?.message}
                className="col-span-2 sm:col-span-1"
              >
                {(ids) => (
                  // Controlled: its options change once the products have loaded.
                  <Select
                    {...ids}
                    value={row.target}
                    onChange={(event) => {
                      setValue(`breaks.${index}.target`, event.target.value);
                      clearErrors(`breaks.${index}.target`);
                    }}
                  >
                    <option value="">Choose a product</option>
                    {productList.flatMap((option) => [
                      <option key={option.id} value={breakTarget({ productId: option.id })}>
                        {option.name} ({option.unit})
                      </option>,
                      ...otherPacks(option).map((optionPack) => (
                        <option
                          key={`${option.id}:${optionPack.id}`}
                          value={breakTarget({ productId: option.id, packId: optionPack.id })}
                        >
                          {option.name} ({optionPack.label})
                        </option>
                      )),
                    ])}
                    {row.target && !known ? (
                      <option value={row.target}>{productName(target.productId)}</option>
                    ) : null}
                  </Select>
                )}
              </Field>
              <Field label={`From (${counted})`} error={rowErrors?.minQuantity?.message}>
                {(ids) => (
                  <Input
                    {...ids}
                    inputMode={
                      product && !pack && isWeighedUnit(product.unit) ? 'decimal' : 'numeric'
                    }
                    {...register(
                      `breaks.${index}.minQuantity`,
                      clearing(`breaks.${index}.minQuantity`),
                    )}
                  />
                )}
              </Field>
              <Field label="Price each" error={rowErrors?.price?.message}>
                {(ids) => (
                  <Input
                    {...ids}
                    inputMode="decimal"
                    {...register(`breaks.${index}.price`, clearing(`breaks.${index}.price`))}
                  />
                )}
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="col-span-2 justify-self-end text-destructive sm:col-span-1 sm:mt-6"
                aria-label={`Remove break ${index + 1}`}
                onClick={() => setBreaks(breaks.filter((_, at) => at !== index))}
              >
                <Trash2 />
              </Button>
            </div>
          );
        })}
        {breaksMessage ? (
          <p className="text-sm text-destructive" role="alert">
            {breaksMessage}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => setBreaks([...breaks, { target: '', minQuantity: '', price: '' }])}
        >
          <Plus aria-hidden="true" /> Add break
        </Button>
      </section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save price list'}
        </Button>
      </div>
    </form>
  );
}
