import { titleCase } from '#core/constants';
import { formatOrderBy } from '#core/delivery-days';
import type { FarmDeliveryOutlook } from '#core/schemas/delivery';
import type { Product } from '#core/schemas/product';
import { CalendarDays, Leaf } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { OfferedPrice, PriceBreaks } from '../../components/ui/offered-price';
import { ProductPhoto } from '../../components/ui/product-photo';
import { Skeleton } from '../../components/ui/skeleton';
import { countLabel, formatCalendarDate } from '../../lib/format';
import { CartQuantityControl, isAvailable } from './cart-quantity';
import {
  PackChoice,
  packsLeftLabel,
  pricedBy,
  usePackChoice,
} from '../../components/ui/pack-choice';

/** The farm's name, opening its page (docs/fresh-sheet.md#the-farm-page). */
function FarmLink({ product }: { product: Product }) {
  return (
    <Link
      to={`/farms/${product.farm.id}`}
      className="font-medium text-primary underline-offset-2 hover:underline"
    >
      {product.farm.name}
    </Link>
  );
}

/**
 * What the card says about delivery: the farm's next open day for the restaurant's zone and
 * when ordering for it closes, or why there is none (docs/delivery.md).
 */
function deliveryText(product: Product, outlook: FarmDeliveryOutlook | undefined) {
  if (outlook?.next) {
    return {
      day: formatCalendarDate(outlook.next.deliveryDate),
      orderBy: `Order by ${formatOrderBy(outlook.next.orderBy)}`,
    };
  }
  if (outlook?.reason) return { day: outlook.reason, orderBy: null, blocked: true };
  return { day: formatCalendarDate(product.nextDeliveryDate) ?? 'None scheduled', orderBy: null };
}

export function ProductCard({
  product,
  outlook,
}: {
  product: Product;
  /** The farm's delivery outlook for the restaurant's zone, once known. */
  outlook?: FarmDeliveryOutlook;
}) {
  const available = isAvailable(product);
  const delivery = deliveryText(product, outlook);
  const [pack, choosePack] = usePackChoice(product);
  const packsLeft = packsLeftLabel(product, pack);
  const priced = pricedBy(product, pack);

  return (
    <Card className="flex min-w-0 flex-col gap-3 overflow-hidden p-5" data-testid="product-card">
      {/* Without a photo, no placeholder: the card starts with its name and takes less room. */}
      {product.imageUrl ? (
        <ProductPhoto
          imageUrl={product.imageUrl}
          largeUrl={product.photos[0]?.url}
          sizes="(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw"
          className="-mx-5 -mt-5 aspect-[4/3] w-[calc(100%+2.5rem)] max-w-none"
        />
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold leading-snug break-words">{product.name}</h3>
          <p className="text-sm break-words text-stone-600">
            From: <FarmLink product={product} />
          </p>
        </div>
        <Badge variant={available ? 'success' : 'destructive'} className="normal-case">
          {available ? 'Available' : 'Out of Stock'}
        </Badge>
      </div>
      <p className="line-clamp-2 text-sm text-stone-700">
        {product.description || 'Fresh, locally grown produce'}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {product.category ? <Badge variant="outline">{titleCase(product.category)}</Badge> : null}
        {product.isOrganic ? (
          <Badge variant="outline">
            <Leaf className="mr-1 size-3 text-primary" aria-hidden="true" /> Organic
          </Badge>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-stone-500">Price</dt>
          <dd className="text-lg">
            <OfferedPrice price={priced.price} listPrice={priced.listPrice} unit={priced.unit} />
            {priced.estimate ? (
              <span className="tabular text-sm text-stone-600"> · {priced.estimate}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">Available</dt>
          <dd className="tabular font-medium">
            {countLabel(product.availableQuantity, product.unit)}
          </dd>
          {packsLeft ? <dd className="tabular text-sm text-stone-600">{packsLeft}</dd> : null}
        </div>
        {priced.breaks && priced.breaks.length > 0 ? (
          <div className="col-span-2">
            <dt className="sr-only">Quantity prices</dt>
            <dd>
              <PriceBreaks breaks={priced.breaks} unit={priced.unit} className="text-sm" />
            </dd>
          </div>
        ) : null}
        <div className="col-span-2 flex flex-wrap items-center gap-x-2">
          <dt className="flex items-center gap-2 text-stone-500">
            <CalendarDays className="size-4" aria-hidden="true" /> Next Delivery
          </dt>
          <dd className={delivery.blocked ? 'font-medium text-amber-800' : 'font-medium'}>
            {delivery.day}
          </dd>
          {delivery.orderBy ? (
            <dd className="w-full text-sm text-stone-600">{delivery.orderBy}</dd>
          ) : null}
        </div>
      </dl>
      <div className="mt-auto flex flex-col gap-2 pt-1">
        <PackChoice product={product} pack={pack} onChoose={choosePack} />
        <CartQuantityControl
          product={product}
          packId={pack?.id}
          blockedReason={outlook?.reason ?? null}
        />
      </div>
    </Card>
  );
}

/**
 * The list view's row (docs/product.md#browse): the same facts as the card on one line, so
 * ten and more fit on a desktop screen.
 */
export function ProductRow({
  product,
  outlook,
}: {
  product: Product;
  outlook?: FarmDeliveryOutlook;
}) {
  const available = isAvailable(product);
  const delivery = deliveryText(product, outlook);
  const [pack, choosePack] = usePackChoice(product);
  const packsLeft = packsLeftLabel(product, pack);
  const priced = pricedBy(product, pack);
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:flex-nowrap"
      data-testid="product-card"
    >
      {product.imageUrl ? (
        <ProductPhoto imageUrl={product.imageUrl} className="size-10 shrink-0 rounded-md" />
      ) : null}
      <div className="min-w-0 flex-1 basis-40">
        <h3 className="font-semibold leading-snug break-words">
          {product.name}
          {product.isOrganic ? (
            <Leaf className="ml-1 inline size-3.5 text-primary" aria-label="Organic" />
          ) : null}
        </h3>
        <p className="truncate text-sm text-stone-600">
          From: <FarmLink product={product} />
        </p>
      </div>
      <div className="w-32 shrink-0 text-sm">
        <OfferedPrice price={priced.price} listPrice={priced.listPrice} unit={priced.unit} />
        {priced.estimate ? (
          <span className="tabular text-stone-600"> · {priced.estimate}</span>
        ) : null}
        <PriceBreaks breaks={priced.breaks} unit={priced.unit} />
      </div>
      <p className="tabular w-24 shrink-0 text-sm">
        {available ? (
          <>
            {product.availableQuantity} {product.unit}
            {packsLeft ? <span className="block text-xs text-stone-600">{packsLeft}</span> : null}
          </>
        ) : (
          <span className="font-medium text-destructive">Out of Stock</span>
        )}
      </p>
      <p
        className={
          delivery.blocked
            ? 'w-36 shrink-0 text-sm font-medium text-amber-800'
            : 'w-36 shrink-0 text-sm text-stone-700'
        }
        title={delivery.orderBy ?? undefined}
      >
        <span className="sr-only">Next Delivery </span>
        {delivery.day}
      </p>
      <div className="ml-auto flex shrink-0 flex-wrap items-center justify-end gap-2">
        <PackChoice product={product} pack={pack} onChoose={choosePack} variant="select" />
        <CartQuantityControl
          product={product}
          packId={pack?.id}
          compact
          blockedReason={outlook?.reason ?? null}
        />
      </div>
    </li>
  );
}

export function ProductCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 overflow-hidden p-5">
      <Skeleton className="-mx-5 -mt-5 aspect-[4/3] w-[calc(100%+2.5rem)] max-w-none rounded-none" />
      <div className="flex justify-between gap-3">
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-3/5" />
          <Skeleton className="h-4 w-2/5" />
        </div>
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-5 w-24 rounded-full" />
      <div className="grid grid-cols-2 gap-2">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-11 w-full" />
    </Card>
  );
}
