import { countLabel, plural } from '#core/counts';
import { foldText } from '#core/text-fold';
import { isUnitPack, packCountLabel, packNoun } from '#core/packs';
import type { OrderAsSeen, OrderItemAsSeen } from '#core/schemas/order';
import type { Product } from '#core/schemas/product';
import type { SubstitutionProposalBody } from '#core/schemas/substitution';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form';
import { PackChoice, usePackChoice } from '../../components/ui/pack-choice';
import { QuantityInput } from '../../components/ui/quantity-input';
import { Skeleton } from '../../components/ui/skeleton';
import { FARM_PREFERENCE_WORDS } from '../../components/ui/substitution-preference';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { outcomeOf, useOwnProducts, useProposeSubstitution } from './substitution-api';
import { proposalOutcome } from './substitution-words';

/** A search shows this many products at most: type more to narrow it. */
const SHOWN_PRODUCTS = 8;

/** "2 cases of 24 bunches", "2 bunches" or "3 lb": the line as ordered. */
function lineAmount(item: OrderItemAsSeen): string {
  const label = item.pack && !isUnitPack(item.pack) ? item.pack.label : item.product.unit;
  return packCountLabel(item.quantity, label);
}

/** The farm's products a substitute may be: on sale, in stock, other than the line's own. */
export function substituteChoices(
  products: readonly Product[],
  item: Pick<OrderItemAsSeen, 'productId'>,
  search: string,
): Product[] {
  const wanted = foldText(search.trim());
  return products.filter(
    (product) =>
      product.isActive &&
      product.availableQuantity > 0 &&
      product.id !== item.productId &&
      (wanted === '' || foldText(product.name).includes(wanted)),
  );
}

/**
 * "Can't fill" (cant-fill.tsx): short the line, or propose one of the farm's own products in
 * its place. The chef's preference decides what a proposal does (docs/substitutions.md):
 * accepted at once, sent to the chef to answer, or, under "no substitute", the line shorted.
 */
export function CantFillDialog({
  order,
  item,
  open,
  onClose,
}: {
  order: Pick<OrderAsSeen, 'id' | 'restaurant'>;
  item: OrderItemAsSeen;
  open: boolean;
  onClose: () => void;
}) {
  const preference = item.substitution ?? 'ask';
  const [choice, setChoice] = useState<'short' | 'substitute'>(
    preference === 'never' ? 'short' : 'substitute',
  );
  const [productId, setProductId] = useState<number | null>(null);
  const propose = useProposeSubstitution();
  const products = useOwnProducts();
  const product = products.items?.find((entry) => entry.id === productId);
  const [quantity, setQuantity] = useState(item.quantity);
  const [problem, setProblem] = useState<string | null>(null);
  const choiceName = useId();

  const send = (body: SubstitutionProposalBody, productName: string) => {
    setProblem(null);
    propose.mutate(
      { orderId: order.id, itemId: item.id, body },
      {
        onSuccess: (answer) => {
          onClose();
          const { state, deadline } = outcomeOf(answer, item.id);
          toast(
            proposalOutcome(state, {
              short: body.short === true,
              preference,
              productName,
              deadline,
            }),
          );
        },
        onError: (error) =>
          setProblem(
            error instanceof ApiError ? error.message : 'Not sent. Please try again in a moment.',
          ),
      },
    );
  };

  const onSubmit = (pack: { id: number } | undefined) => {
    if (choice === 'short') {
      send({ short: true }, item.product.name);
      return;
    }
    if (!product) {
      setProblem('Choose the product to send instead.');
      return;
    }
    send({ productId: product.id, ...(pack ? { packId: pack.id } : {}), quantity }, product.name);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !propose.isPending && onClose()}>
      <DialogContent
        title={`Can't fill ${item.product.name}`}
        description={`${lineAmount(item)} for ${order.restaurant.name}, order #${order.id}.`}
      >
        <div className="flex flex-col gap-4">
          <p
            className={cn(
              'rounded-md px-3 py-2 text-sm font-medium',
              preference === 'never' ? 'bg-red-50 text-red-800' : 'bg-sky-50 text-sky-900',
            )}
          >
            {FARM_PREFERENCE_WORDS[preference]}
          </p>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">What to do</legend>
            {(
              [
                ['short', 'Short it', 'Take the line off the order; the chef is told.'],
                [
                  'substitute',
                  'Propose a substitute',
                  preference === 'allow'
                    ? 'One of your products instead: it goes on the order at once.'
                    : preference === 'ask'
                      ? 'One of your products instead: the chef accepts or declines it.'
                      : 'The chef takes no substitutes: the line would be shorted.',
                ],
              ] as const
            ).map(([value, label, hint]) => (
              <label
                key={value}
                className={cn(
                  'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 text-sm has-focus-visible:outline-2 has-focus-visible:outline-primary',
                  choice === value ? 'border-primary bg-green-50' : 'border-stone-300',
                )}
              >
                <input
                  type="radio"
                  name={choiceName}
                  value={value}
                  className="mt-1"
                  checked={choice === value}
                  onChange={() => {
                    setProblem(null);
                    setChoice(value);
                  }}
                />
                <span>
                  <span className="block font-medium">{label}</span>
                  <span className="block text-stone-600">{hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {choice === 'substitute' ? (
            <SubstitutePicker
              products={products}
              item={item}
              product={product}
              onProduct={(id) => {
                setProblem(null);
                setProductId(id);
              }}
              quantity={quantity}
              onQuantity={setQuantity}
              pending={propose.isPending}
              onSubmit={onSubmit}
              onCancel={onClose}
              problem={problem}
            />
          ) : (
            <Actions
              pending={propose.isPending}
              label="Short the line"
              problem={problem}
              onCancel={onClose}
              onSubmit={() => onSubmit(undefined)}
            />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Actions({
  pending,
  label,
  problem,
  onCancel,
  onSubmit,
}: {
  pending: boolean;
  label: string;
  problem: string | null;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  return (
    <>
      {problem ? (
        <p className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={pending} onClick={onCancel}>
          Keep the line
        </Button>
        <Button writes disabled={pending} onClick={onSubmit}>
          {pending ? 'Sending...' : label}
        </Button>
      </div>
    </>
  );
}

function SubstitutePicker({
  products,
  item,
  product,
  onProduct,
  quantity,
  onQuantity,
  pending,
  onSubmit,
  onCancel,
  problem,
}: {
  products: ReturnType<typeof useOwnProducts>;
  item: OrderItemAsSeen;
  product: Product | undefined;
  onProduct: (id: number) => void;
  quantity: number;
  onQuantity: (quantity: number) => void;
  pending: boolean;
  onSubmit: (pack: { id: number } | undefined) => void;
  onCancel: () => void;
  problem: string | null;
}) {
  const [search, setSearch] = useState('');
  const found = products.items ? substituteChoices(products.items, item, search) : undefined;
  const preference = item.substitution ?? 'ask';
  const label =
    preference === 'allow'
      ? 'Substitute now'
      : preference === 'ask'
        ? 'Send to the chef'
        : 'Short the line';
  return (
    <>
      <Field label="Find one of your products">
        {(ids) => (
          <Input
            {...ids}
            type="search"
            value={search}
            placeholder="Kale, lettuce..."
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
      </Field>
      {products.isError && !products.items ? (
        <p className="text-sm text-destructive" role="alert">
          Could not load your products.{' '}
          <button type="button" className="underline" onClick={() => void products.refetch()}>
            Try again
          </button>
        </p>
      ) : !found ? (
        <div className="flex flex-col gap-2" aria-label="Loading your products">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      ) : found.length === 0 ? (
        <p className="text-sm text-stone-600">
          {search.trim()
            ? `None of your products in stock matches "${search.trim()}".`
            : 'None of your other products is in stock.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label="Your products">
          {found.slice(0, SHOWN_PRODUCTS).map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                aria-pressed={product?.id === entry.id}
                onClick={() => onProduct(entry.id)}
                className={cn(
                  'flex min-h-11 w-full items-center justify-between gap-2 rounded-md border px-3 text-left text-sm focus-visible:outline-2 focus-visible:outline-primary',
                  product?.id === entry.id
                    ? 'border-primary bg-green-50 font-semibold'
                    : 'border-stone-200 hover:bg-stone-50',
                )}
              >
                <span className="min-w-0 break-words">{entry.name}</span>
                <span className="tabular shrink-0 text-xs text-stone-600">
                  {countLabel(entry.availableQuantity, entry.unit)} left
                </span>
              </button>
            </li>
          ))}
          {found.length > SHOWN_PRODUCTS ? (
            <li className="text-xs text-stone-600">
              {found.length - SHOWN_PRODUCTS} more: type to narrow the list.
            </li>
          ) : null}
        </ul>
      )}
      {product ? (
        <ChosenProduct
          key={product.id}
          product={product}
          quantity={quantity}
          onQuantity={onQuantity}
          pending={pending}
          label={label}
          problem={problem}
          onCancel={onCancel}
          onSubmit={onSubmit}
        />
      ) : (
        <Actions
          pending={pending}
          label={label}
          problem={problem}
          onCancel={onCancel}
          onSubmit={() => onSubmit(undefined)}
        />
      )}
    </>
  );
}

/** The chosen substitute's pack and quantity, then the send. */
function ChosenProduct({
  product,
  quantity,
  onQuantity,
  pending,
  label,
  problem,
  onCancel,
  onSubmit,
}: {
  product: Product;
  quantity: number;
  onQuantity: (quantity: number) => void;
  pending: boolean;
  label: string;
  problem: string | null;
  onCancel: () => void;
  onSubmit: (pack: { id: number } | undefined) => void;
}) {
  const [pack, choosePack] = usePackChoice(product);
  const unit = pack && !isUnitPack(pack) ? packNoun(pack.label, 2) : product.unit;
  return (
    <>
      <div className="flex flex-col gap-2 rounded-lg border border-stone-200 p-3">
        <p className="text-sm font-semibold break-words">{product.name}</p>
        <PackChoice product={product} pack={pack} onChoose={choosePack} />
        <span className="flex items-center gap-2 text-sm">
          <QuantityInput
            name={product.name}
            unit={unit}
            quantity={quantity}
            onChange={onQuantity}
          />
          <span className="text-stone-600">
            {pack && !isUnitPack(pack) ? packNoun(pack.label, quantity) : plural(unit, quantity)}
          </span>
        </span>
      </div>
      <Actions
        pending={pending}
        label={label}
        problem={problem}
        onCancel={onCancel}
        onSubmit={() => onSubmit(pack)}
      />
    </>
  );
}
