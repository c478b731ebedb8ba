import { formatOrderBy } from '#core/delivery-days';
import { lineCountLabel, lineEstimateLabel } from '#core/cart';
import { formatQuantity } from '#core/quantity';
import type { FarmPage as FarmPageData } from '#core/schemas/fresh-sheet';
import type { Product } from '#core/schemas/product';
import { ArrowLeft, Check, Heart, Mail, MapPin, ShoppingCart, Truck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import {
  PackChoice,
  packsLeftLabel,
  pricedBy,
  usePackChoice,
} from '../../components/ui/pack-choice';
import { ProductPhoto } from '../../components/ui/product-photo';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { cartActions, useCart } from '../../lib/cart';
import { formatCalendarDate, formatMoney } from '../../lib/format';
import { useFarmPage, useFarmProducts, useFollow } from './api';
import { CutoffReminderSwitch } from './cutoff-reminder-switch';

/** /farms/{id}: a farm's story, delivery days and products, for a signed-in restaurant. */
export function FarmPage() {
  const farmId = Number(useParams().id);
  const valid = Number.isInteger(farmId) && farmId > 0;
  const page = useFarmPage(valid ? farmId : 0);
  if (!valid || (page.error instanceof ApiError && page.error.status === 404)) {
    // The shell's not-found page is the app's first load's: a lazy screen importing it splits
    // the router out of that load. A farm restaurants cannot see reads as no farm at all.
    return (
      <EmptyState
        title="No such farm"
        description="This farm is not on Harvest Hui, or not open to restaurants right now."
        action={
          <Button asChild variant="outline">
            <Link to="/restaurant/browse">Browse products</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/restaurant/browse"
        className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Browse products
      </Link>
      {page.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading the farm">
          <Skeleton className="h-48 w-full rounded-xl" />
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : page.isError ? (
        <ErrorState
          title="The farm could not be loaded"
          error={page.error}
          onRetry={() => void page.refetch()}
        />
      ) : (
        <FarmDetails farm={page.data} />
      )}
    </div>
  );
}

function FarmDetails({ farm }: { farm: FarmPageData }) {
  const follow = useFollow(farm.id);
  const toggleFollow = () =>
    follow.mutate(!farm.following, {
      onSuccess: (state) =>
        toast({
          title: state.following ? `You follow ${farm.name}` : `You no longer follow ${farm.name}`,
          description: state.following
            ? 'Its weekly fresh sheet comes to you by email.'
            : 'Its fresh sheet no longer comes to you.',
        }),
      onError: (error) =>
        toast({
          title: 'Not changed',
          description:
            error instanceof ApiError ? error.userMessage('Please try again') : undefined,
          variant: 'destructive',
        }),
    });
  return (
    <>
      <section
        aria-labelledby="farm-title"
        className="overflow-hidden rounded-xl border border-stone-200 bg-white"
      >
        {farm.coverPhoto ? (
          <img
            src={farm.coverPhoto.url}
            srcSet={`${farm.coverPhoto.thumbnailUrl} 320w, ${farm.coverPhoto.url} 960w`}
            sizes="(min-width: 1024px) 960px, 100vw"
            alt=""
            className="h-40 w-full object-cover sm:h-56"
          />
        ) : (
          <div
            className="h-20 w-full bg-gradient-to-r from-green-100 to-amber-50"
            aria-hidden="true"
          />
        )}
        <div className="flex flex-col gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 id="farm-title" className="text-2xl font-bold tracking-tight break-words">
                {farm.name}
              </h1>
              <p className="flex items-center gap-1 text-sm text-stone-600">
                <MapPin className="size-4 shrink-0" aria-hidden="true" />
                {farm.island ?? 'Hawaii'}
              </p>
            </div>
            {farm.canFollow ? (
              <Button
                writes
                variant={farm.following ? 'outline' : 'primary'}
                onClick={toggleFollow}
                disabled={follow.isPending}
                aria-pressed={farm.following}
              >
                {farm.following ? (
                  <>
                    <Check aria-hidden="true" /> Following
                  </>
                ) : (
                  <>
                    <Heart aria-hidden="true" /> Follow
                  </>
                )}
              </Button>
            ) : null}
          </div>
          {farm.canFollow ? (
            <p
              className="flex items-center gap-1.5 text-sm text-stone-600"
              data-testid="fresh-sheet"
            >
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {farm.freshSheet === 'on'
                ? 'Its weekly fresh sheet comes to you by email.'
                : farm.following
                  ? 'Its weekly fresh sheet does not come to you: you unsubscribed by email. Unfollow and follow again to get it.'
                  : 'Its weekly fresh sheet does not come to you. Follow the farm to get it.'}
            </p>
          ) : null}
          <CutoffReminderSwitch farm={farm} />
          {farm.description ? (
            <p className="max-w-3xl whitespace-pre-line text-stone-700">{farm.description}</p>
          ) : null}
        </div>
      </section>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* On a phone the delivery days come before the products; beside them on a wide screen. */}
        <DeliveryCard farm={farm} />
        <FarmProducts farm={farm} />
      </div>
    </>
  );
}

function DeliveryCard({ farm }: { farm: FarmPageData }) {
  return (
    <Card className="lg:order-last lg:sticky lg:top-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Truck className="size-5" aria-hidden="true" /> Delivery
          {farm.zone ? ` to ${farm.zone}` : ''}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {farm.deliveryDays.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {farm.deliveryDays.map((day) => (
              <li key={day.deliveryDate} className="flex flex-wrap justify-between gap-x-3">
                <span className="font-medium">
                  {formatCalendarDate(day.deliveryDate, 'weekdayShort')}
                </span>
                <span className="text-stone-600">Order by {formatOrderBy(day.orderBy)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-stone-600">
            {farm.deliveryReason ?? 'No delivery days scheduled yet.'}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-2 border-t border-stone-200 pt-3">
          <dt className="text-stone-600">Order cutoff</dt>
          <dd className="text-right">{farm.cutoffRule}</dd>
          <dt className="text-stone-600">Minimum</dt>
          <dd className="text-right tabular-nums">{formatMoney(farm.orderMinimum)}</dd>
          <dt className="text-stone-600">Delivery fee</dt>
          <dd className="text-right tabular-nums">{formatMoney(farm.deliveryFee)}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

function FarmProducts({ farm }: { farm: FarmPageData }) {
  const products = useFarmProducts(farm.id, true);
  const { hash } = useLocation();
  const highlighted = /^#product-(\d+)$/.exec(hash)?.[1];
  useEffect(() => {
    if (!highlighted || !products.items) return;
    document.getElementById(`product-${highlighted}`)?.scrollIntoView({ block: 'center' });
  }, [highlighted, products.items]);
  return (
    <section aria-labelledby="farm-products-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="farm-products-title" className="text-lg font-semibold">
        Products{products.total !== undefined ? ` (${products.total})` : ''}
      </h2>
      {products.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : products.isError && !products.items ? (
        <ErrorState
          title="Products could not be loaded"
          error={products.error}
          onRetry={() => void products.refetch()}
        />
      ) : products.items!.length === 0 ? (
        <EmptyState
          title="Nothing listed right now"
          description="Follow the farm to hear when its next harvest is in."
        />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {products.items!.map((product) => (
              <FarmProductCard
                key={product.id}
                product={product}
                highlighted={String(product.id) === highlighted}
                canOrder={farm.canFollow}
              />
            ))}
          </ul>
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-stone-600" aria-live="polite">
              Showing {products.items!.length} of {products.total ?? 0}
            </p>
            {products.hasNextPage ? (
              <Button
                variant="outline"
                disabled={products.isFetchingNextPage}
                onClick={() => void products.fetchNextPage()}
              >
                {products.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

function FarmProductCard({
  product,
  highlighted,
  canOrder,
}: {
  product: Product;
  highlighted: boolean;
  canOrder: boolean;
}) {
  const cart = useCart();
  const [pack, choosePack] = usePackChoice(product);
  const line = cart.lineOf(product, pack?.id);
  const inCart = line?.quantity ?? 0;
  const soldOut = product.availableQuantity <= 0;
  const packsLeft = packsLeftLabel(product, pack);
  const { price, unit: per, estimate } = pricedBy(product, pack);
  return (
    <li
      id={`product-${product.id}`}
      className={`flex gap-3 rounded-xl border bg-white p-3 ${
        highlighted ? 'border-primary ring-2 ring-green-200' : 'border-stone-200'
      }`}
    >
      <ProductPhoto
        imageUrl={product.imageUrl}
        className="size-20 shrink-0 rounded-lg object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-medium break-words">{product.name}</p>
        <p className="text-sm tabular-nums">
          <span className="font-semibold">{formatMoney(price)}</span>
          <span className="text-stone-600">
            {' '}
            / {per}
            {estimate ? ` · ${estimate}` : ''}
          </span>
        </p>
        {line && lineEstimateLabel(line) ? (
          <p className="text-sm text-stone-600 tabular-nums">{lineEstimateLabel(line)}</p>
        ) : null}
        {soldOut ? (
          <Badge variant="warning" className="self-start">
            Sold out
          </Badge>
        ) : (
          <p className="text-sm text-stone-600">
            {formatQuantity(product.availableQuantity)} {product.unit} available
            {packsLeft ? ` · ${packsLeft}` : ''}
          </p>
        )}
        {canOrder && !soldOut ? (
          <PackChoice product={product} pack={pack} onChoose={choosePack} variant="select" />
        ) : null}
        {canOrder && !soldOut ? (
          <Button
            size="sm"
            variant={inCart > 0 ? 'outline' : 'secondary'}
            className="mt-1 self-start"
            onClick={() => {
              cartActions.add(product, 1, pack?.id);
              toast({ title: `${product.name} added to your cart` });
            }}
            aria-label={`Add ${product.name} to cart`}
          >
            <ShoppingCart aria-hidden="true" />
            {inCart > 0 && line ? `In cart (${lineCountLabel(line)})` : 'Add to cart'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
