import { formatMoneyString } from '#core/money';
import { isWeighedUnit } from '#core/quantity';
import type { PriceListKind } from '#core/pricing';
import { priceListBody, type PriceList, type PriceListFormValues } from '#core/schemas/price-list';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ErrorState } from '../../components/ui/empty-state';
import { Field, Input, Select } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { usePricedProducts, useSavePriceList } from './api';

interface BreakRow {
  key: number;
  productId: string;
  minQuantity: string;
  price: string;
}

interface Draft {
  name: string;
  kind: PriceListKind;
  percentOff: string;
  /** The list's own price per product id; blank: the list price. */
  prices: Record<number, string>;
  breaks: BreakRow[];
}

let rowKey = 0;
const nextKey = () => (rowKey += 1);

function draftOf(list: PriceList | null): Draft {
  return {
    name: list?.name ?? '',
    kind: list?.kind ?? 'percent',
    percentOff: list?.percentOff ?? '',
    prices: Object.fromEntries((list?.prices ?? []).map((entry) => [entry.productId, entry.price])),
    breaks: (list?.breaks ?? []).map((entry) => ({
      key: nextKey(),
      productId: String(entry.productId),
      minQuantity: String(entry.minQuantity),
      price: entry.price,
    })),
  };
}

/** The body the draft makes, and for each sent price the product it belongs to. */
function bodyOf(draft: Draft): { body: PriceListFormValues; pricedIds: number[] } {
  const priced = Object.entries(draft.prices).filter(([, price]) => price.trim() !== '');
  return {
    body: {
      name: draft.name,
      kind: draft.kind,
      percentOff: draft.kind === 'percent' ? draft.percentOff : null,
      prices:
        draft.kind === 'prices'
          ? priced.map(([productId, price]) => ({ productId: Number(productId), price }))
          : [],
      breaks: draft.breaks.map((row) => ({
        productId: Number(row.productId),
        minQuantity: row.minQuantity.trim() === '' ? Number.NaN : Number(row.minQuantity),
        price: row.price,
      })),
    },
    pricedIds: draft.kind === 'prices' ? priced.map(([productId]) => Number(productId)) : [],
  };
}

/** Messages by field path ("percentOff", "prices.2.price", "breaks.0.minQuantity"). */
type Errors = Record<string, string>;

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
  const [draft, setDraft] = useState<Draft>(() => draftOf(list));
  const [errors, setErrors] = useState<Errors>({});
  const products = usePricedProducts(true);
  const save = useSavePriceList();
  const kindName = useId();
  const productList = products.items?.filter((product) => product.isActive) ?? [];
  const productName = (id: number) => products.items?.find((p) => p.id === id)?.name ?? 'Product';

  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    // A field's message goes once the field changes; the rest stay until the next save.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !(key in next))),
    );
  };
  const changeBreak = (key: number, next: Partial<BreakRow>) =>
    change({ breaks: draft.breaks.map((row) => (row.key === key ? { ...row, ...next } : row)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, pricedIds } = bodyOf(draft);
    // The server's and the schema's paths name prices by position: put them on the product.
    const onProduct = (path: string) =>
      path.replace(/^prices\.(\d+)\./, (_, index: string) => `price.${pricedIds[Number(index)]}.`);
    const parsed = priceListBody.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [onProduct(issue.path.join('.')), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(
      { id: list?.id ?? null, body: parsed.data },
      {
        onSuccess: (saved) => {
          toast({ title: `${saved.name} saved` });
          onDone();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.body?.fields : undefined;
          if (fields) {
            setErrors(
              Object.fromEntries(
                Object.entries(fields).map(([key, text]) => [onProduct(key), text]),
              ),
            );
          }
          toast({
            title: 'The price list was not saved',
            description: error.message,
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <Field label="Name" required error={errors.name}>
        {(ids) => (
          <Input
            {...ids}
            value={draft.name}
            maxLength={80}
            placeholder="Chef's table"
            onChange={(event) => change({ name: event.target.value })}
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
        ).map(([kind, label]) => (
          <label
            key={kind}
            className="flex min-h-11 items-center gap-3 rounded-md border border-stone-200 px-3 has-[:checked]:border-primary"
          >
            <input
              type="radio"
              name={kindName}
              value={kind}
              checked={draft.kind === kind}
              onChange={() => change({ kind })}
              className="size-4 accent-primary"
            />
            <span className="text-sm">{label}</span>
          </label>
        ))}
      </fieldset>

      {draft.kind === 'percent' ? (
        <Field
          label="Percentage off"
          required
          error={errors.percentOff}
          hint="From 0 to 100, like 10 or 12.5"
          className="sm:w-56"
        >
          {(ids) => (
            <div className="flex items-center gap-2">
              <Input
                {...ids}
                inputMode="decimal"
                value={draft.percentOff}
                onChange={(event) => change({ percentOff: event.target.value })}
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
          {errors.prices ? (
            <p className="text-sm text-destructive" role="alert">
              {errors.prices}
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
                <li key={product.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-2">
                  <span className="min-w-0 flex-1 basis-40 text-sm">
                    <span className="font-medium">{product.name}</span>{' '}
                    <span className="tabular text-stone-600">
                      list {product.price ? formatMoneyString(product.price) : ''} / {product.unit}
                    </span>
                  </span>
                  <Field
                    label={<span className="sr-only">Price of {product.name}</span>}
                    error={errors[`price.${product.id}.price`]}
                    className="w-32"
                  >
                    {(ids) => (
                      <Input
                        {...ids}
                        inputMode="decimal"
                        placeholder={product.price ?? ''}
                        value={draft.prices[product.id] ?? ''}
                        onChange={(event) =>
                          change({ prices: { ...draft.prices, [product.id]: event.target.value } })
                        }
                      />
                    )}
                  </Field>
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
            A lower price per unit from a quantity on, for each line of an order.
          </p>
        </div>
        {draft.breaks.map((row, index) => {
          const product = productList.find((candidate) => String(candidate.id) === row.productId);
          return (
            <div
              key={row.key}
              className="grid grid-cols-2 items-start gap-2 rounded-md border border-stone-200 p-2 sm:grid-cols-[1fr_7rem_7rem_auto]"
            >
              <Field
                label="Product"
                error={errors[`breaks.${index}.productId`]}
                className="col-span-2 sm:col-span-1"
              >
                {(ids) => (
                  <Select
                    {...ids}
                    value={row.productId}
                    onChange={(event) => changeBreak(row.key, { productId: event.target.value })}
                  >
                    <option value="">Choose a product</option>
                    {productList.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.name} ({option.unit})
                      </option>
                    ))}
                    {row.productId && !product ? (
                      <option value={row.productId}>{productName(Number(row.productId))}</option>
                    ) : null}
                  </Select>
                )}
              </Field>
              <Field
                label={`From (${product?.unit ?? 'units'})`}
                error={errors[`breaks.${index}.minQuantity`]}
              >
                {(ids) => (
                  <Input
                    {...ids}
                    inputMode={product && isWeighedUnit(product.unit) ? 'decimal' : 'numeric'}
                    value={row.minQuantity}
                    onChange={(event) => changeBreak(row.key, { minQuantity: event.target.value })}
                  />
                )}
              </Field>
              <Field label="Price each" error={errors[`breaks.${index}.price`]}>
                {(ids) => (
                  <Input
                    {...ids}
                    inputMode="decimal"
                    value={row.price}
                    onChange={(event) => changeBreak(row.key, { price: event.target.value })}
                  />
                )}
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="col-span-2 justify-self-end text-destructive sm:col-span-1 sm:mt-6"
                aria-label={`Remove break ${index + 1}`}
                onClick={() => change({ breaks: draft.breaks.filter((each) => each !== row) })}
              >
                <Trash2 />
              </Button>
            </div>
          );
        })}
        {errors.breaks ? (
          <p className="text-sm text-destructive" role="alert">
            {errors.breaks}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() =>
            change({
              breaks: [
                ...draft.breaks,
                { key: nextKey(), productId: '', minQuantity: '', price: '' },
              ],
            })
          }
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
