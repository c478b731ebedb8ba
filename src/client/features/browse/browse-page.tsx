import {
  browseFiltersOf,
  browseSearchOf,
  changeBrowseFilters,
  oneOf,
  type BrowseFilters,
} from '#core/browse-address';
import {
  BROWSE_CATEGORIES,
  PRODUCT_AVAILABILITY,
  PRODUCT_SORTS,
  titleCase,
  type ProductAvailability,
  type ProductSort,
} from '#core/constants';
import { findZone } from '#core/delivery-zones';
import type { FarmDeliveryOutlook } from '#core/schemas/delivery';
import type { Product } from '#core/schemas/product';
import {
  ChevronDown,
  LayoutGrid,
  List,
  MapPin,
  Package,
  Search,
  SearchX,
  SlidersHorizontal,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { FirstDataContext } from '../../lib/first-data';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Input, Label, Select } from '../../components/ui/form';
import { useAuth } from '../../lib/auth';
import { useCart } from '../../lib/cart';
import { FirstCardsFirst } from '../../lib/first-cards-first';
import { cn } from '../../lib/cn';
import { countLabel } from '../../lib/format';
import { useNextDeliveries } from '../../lib/queries';
import { catalogQuery, useCatalog } from './api';
import { CartSummary } from './cart-summary';
import { ProductCard, ProductCardSkeleton, ProductRow } from './product-card';
import { LocationSwitcher } from '../../components/layout/location-switcher';

const SEARCH_DELAY_MS = 250;
const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Best match',
  name: 'Name',
  price: 'Price',
  farm: 'Farm',
  availability: 'Availability',
};
const AVAILABILITY_LABELS: Record<ProductAvailability, string> = {
  all: 'All Products',
  available: 'Available',
  out_of_stock: 'Out of Stock',
};

/** Where the filters have room beside the search (Tailwind's `sm`); narrower, they fold. */
const FILTERS_INLINE = '(min-width: 640px)';

/** Whether the screen is at least this wide, following the window as it changes. */
function useWideScreen(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Filters live in the address, so a reload or a shared link shows the same list. */
function useFilters(): [BrowseFilters, (changes: Partial<BrowseFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = browseFiltersOf(params);
  const update = (changes: Partial<BrowseFilters>) =>
    setParams(browseSearchOf(changeBrowseFilters(filters, changes)), { replace: true });
  return [filters, update];
}

type BrowseView = 'grid' | 'list';
const VIEW_STORAGE_KEY = 'browse-view';

/** Cards or a row per product, as the restaurant last chose on this device. */
function useView(): [BrowseView, (view: BrowseView) => void] {
  const [view, setView] = useState<BrowseView>(() =>
    typeof localStorage !== 'undefined' && localStorage.getItem(VIEW_STORAGE_KEY) === 'list'
      ? 'list'
      : 'grid',
  );
  const choose = (next: BrowseView) => {
    localStorage.setItem(VIEW_STORAGE_KEY, next);
    setView(next);
  };
  return [view, choose];
}

/** The products drawn so far, as cards or a row each, with their farm's delivery outlook. */
function CatalogCards({
  view,
  products,
  outlooks,
  dimmed,
  loadingMore,
}: {
  view: BrowseView;
  products: readonly Product[];
  outlooks: ReadonlyMap<number, FarmDeliveryOutlook>;
  /** The previous filters' products, shown until the new ones arrive. */
  dimmed: boolean;
  loadingMore: boolean;
}) {
  const Item = view === 'list' ? ProductRow : ProductCard;
  const items = products.map((product) => (
    <Item key={product.id} product={product} outlook={outlooks.get(product.farmId)} />
  ));
  if (view === 'list') {
    return (
      <ul
        aria-label="Products"
        className={cn(
          'divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white transition-opacity',
          dimmed && 'opacity-60',
        )}
      >
        {items}
      </ul>
    );
  }
  return (
    <div
      className={cn(
        'grid grid-cols-1 gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3',
        dimmed && 'opacity-60',
      )}
    >
      {items}
      {loadingMore
        ? Array.from({ length: 3 }, (_, index) => <ProductCardSkeleton key={index} />)
        : null}
    </div>
  );
}

/** Holds the "Load more" button and asks for the next page when it scrolls near the screen. */
function NextPageWhenSeen({
  watching,
  onSeen,
  children,
}: {
  watching: boolean;
  /** Stable across renders (TanStack Query's fetchNextPage). */
  onSeen: () => unknown;
  children: ReactNode;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !watching) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void onSeen();
      },
      { rootMargin: '600px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [watching, onSeen]);
  return (
    <div ref={sentinel} className="flex justify-center">
      {children}
    </div>
  );
}

/** The restaurant's catalogue: search, filters, pages of products (docs/product.md#browse). */
export function BrowsePage() {
  const [view, setView] = useView();
  const [filters, setFilters] = useFilters();
  const [searchText, setSearchText] = useState(filters.q);
  const catalog = useCatalog(filters);
  const cart = useCart();

  // Search as the user types, once they pause (other renders must not restart the wait).
  const latest = useRef({ filters, setFilters });
  latest.current = { filters, setFilters };
  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchText !== latest.current.filters.q) latest.current.setFilters({ q: searchText });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const pages = catalog.data?.pages ?? [];
  const first = pages[0];
  const products = pages.flatMap((page) => page.items);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = catalog;

  const deliveries = useNextDeliveries(products.map((product) => product.farmId));
  // The zone filter stays on screen whatever it hides: the zone is the restaurant's own, known
  // before (and without) any product; with nothing shown there are no deliveries to ask about.
  const { user } = useAuth();
  const zoneName = deliveries.zone?.name ?? findZone(user?.profile?.deliveryZone)?.name ?? null;
  const hiddenByZone = filters.deliversToMyZone ? (first?.hiddenByZone ?? 0) : 0;
  const zoneFilter = useRef<HTMLInputElement>(null);
  const chosenFarm = (first?.farms ?? []).find((farm) => String(farm.id) === filters.farmId);
  // On a phone the filters fold behind one button, so the first product shows on the first
  // screen; the search stays.
  const filtersInline = useWideScreen(FILTERS_INLINE);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const filtersSet = [filters.category, filters.farmId, filters.availability].filter(
    (value) => value !== 'all',
  ).length;

  return (
    <div
      className={cn(
        'flex flex-col gap-6',
        cart.items.length > 0 && 'lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start',
      )}
    >
      <div className="flex min-w-0 flex-col gap-6">
        <div>
          <h1 className="text-2xl font-bold">Browse Products</h1>
          <p className="text-sm text-stone-600">Fresh produce from Hawaii's farms.</p>
        </div>
        <LocationSwitcher />

        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]">
          <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
            <Label htmlFor="browse-search">Search</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
                aria-hidden="true"
              />
              <Input
                id="browse-search"
                type="search"
                className="pl-9"
                placeholder="Search products, farms, or descriptions..."
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
          </div>
          {filtersInline ? null : (
            <Button
              variant="outline"
              className="justify-between"
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              <span className="flex items-center gap-2">
                <SlidersHorizontal aria-hidden="true" />
                Filters{filtersSet > 0 ? ` (${filtersSet})` : ''}
              </span>
              <ChevronDown
                aria-hidden="true"
                className={cn('transition-transform', filtersOpen && 'rotate-180')}
              />
            </Button>
          )}
          <div
            id={filtersId}
            hidden={!filtersInline && !filtersOpen}
            className={filtersInline ? 'contents' : 'grid grid-cols-2 gap-3'}
          >
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="browse-category">Category</Label>
              <Select
                id="browse-category"
                value={filters.category}
                onChange={(event) => setFilters({ category: event.target.value })}
              >
                <option value="all">All Categories</option>
                {BROWSE_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {titleCase(category)}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="browse-farm">Farm</Label>
              <Select
                id="browse-farm"
                value={filters.farmId}
                onChange={(event) => setFilters({ farmId: event.target.value })}
              >
                <option value="all">All Farms</option>
                {(first?.farms ?? []).map((farm) => (
                  <option key={farm.id} value={String(farm.id)}>
                    {farm.name}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="browse-availability">Availability</Label>
              <Select
                id="browse-availability"
                value={filters.availability}
                onChange={(event) =>
                  setFilters({
                    availability: oneOf(event.target.value, PRODUCT_AVAILABILITY, 'all'),
                  })
                }
              >
                {PRODUCT_AVAILABILITY.map((value) => (
                  <option key={value} value={value}>
                    {AVAILABILITY_LABELS[value]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="browse-sort">Sort by</Label>
              <Select
                id="browse-sort"
                value={filters.sort}
                onChange={(event) =>
                  setFilters({ sort: oneOf(event.target.value, PRODUCT_SORTS, 'name') })
                }
              >
                {/* Best match means something only while searching. */}
                {PRODUCT_SORTS.filter(
                  (value) => value !== 'relevance' || filters.q || filters.sort === value,
                ).map((value) => (
                  <option key={value} value={value}>
                    {SORT_LABELS[value]}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        </div>

        {chosenFarm?.description ? (
          <p
            className="rounded-md border border-stone-200 bg-white px-4 py-3 text-sm text-stone-700"
            data-testid="farm-description"
          >
            <span className="font-semibold">{chosenFarm.name}:</span> {chosenFarm.description}
          </p>
        ) : null}

        {zoneName !== null || hiddenByZone > 0 ? (
          <div className="flex flex-wrap items-center gap-x-3 text-sm">
            <label className="flex min-h-11 w-fit items-center gap-2">
              <input
                ref={zoneFilter}
                type="checkbox"
                className="size-4 accent-primary"
                checked={filters.deliversToMyZone}
                onChange={(event) => setFilters({ deliversToMyZone: event.target.checked })}
              />
              <span>Delivers to my zone{zoneName ? ` (${zoneName})` : ''}</span>
            </label>
            {hiddenByZone > 0 ? (
              <p className="text-stone-600" aria-live="polite">
                {countLabel(hiddenByZone, 'product')} hidden —{' '}
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-2 hover:no-underline"
                  onClick={() => {
                    setFilters({ deliversToMyZone: false });
                    // This button goes with what it showed: focus stays near, on the filter.
                    zoneFilter.current?.focus();
                  }}
                >
                  show them
                </button>
              </p>
            ) : null}
          </div>
        ) : null}

        {deliveries.data && deliveries.zone === null ? (
          <p
            className="flex flex-wrap items-center gap-2 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            data-testid="choose-zone"
          >
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span>
              Showing each farm’s next delivery to any zone.{' '}
              <Link to="/profile/edit" className="font-medium underline underline-offset-2">
                Choose your delivery zone
              </Link>{' '}
              to see the days that reach you.
            </span>
          </p>
        ) : null}

        {catalog.isLoading ? (
          <>
            <p className="text-sm text-stone-600" aria-live="polite">
              Loading products...
            </p>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
              {Array.from({ length: 6 }, (_, index) => (
                <ProductCardSkeleton key={index} />
              ))}
            </div>
          </>
        ) : catalog.error && !first ? (
          <ErrorState
            title="Could not load products"
            error={catalog.error}
            onRetry={() => void catalog.refetch()}
          />
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-stone-600" aria-live="polite">
                {/* X counts every match of the filters, loaded or not (docs/product.md#browse). */}
                Showing {first?.total ?? 0} of {first?.totalAll ?? 0} products
              </p>
              <div
                className="flex rounded-md border border-stone-300"
                role="group"
                aria-label="View"
              >
                <Button
                  variant={view === 'grid' ? 'secondary' : 'ghost'}
                  size="sm"
                  aria-pressed={view === 'grid'}
                  onClick={() => setView('grid')}
                >
                  <LayoutGrid aria-hidden="true" /> Cards
                </Button>
                <Button
                  variant={view === 'list' ? 'secondary' : 'ghost'}
                  size="sm"
                  aria-pressed={view === 'list'}
                  onClick={() => setView('list')}
                >
                  <List aria-hidden="true" /> List
                </Button>
              </div>
            </div>
            {!first?.totalAll ? (
              <EmptyState icon={<Package />} title="No products available at the moment." />
            ) : products.length === 0 ? (
              <EmptyState
                icon={<SearchX />}
                title="No products found"
                description={
                  hiddenByZone > 0
                    ? `None of the matches delivers to ${zoneName ?? 'your zone'}: show the ${countLabel(hiddenByZone, 'hidden product')} above, or adjust your search or filters.`
                    : 'Try adjusting your search or filters'
                }
              />
            ) : (
              <FirstCardsFirst items={products}>
                {(cards, all) => (
                  <>
                    <CatalogCards
                      view={view}
                      products={cards}
                      outlooks={deliveries.byFarm}
                      dimmed={catalog.isPlaceholderData}
                      loadingMore={isFetchingNextPage}
                    />
                    {hasNextPage ? (
                      <NextPageWhenSeen
                        // The end of the list is known once every card of the pages read is drawn.
                        watching={cards.length === all.length && !isFetchingNextPage}
                        onSeen={fetchNextPage}
                      >
                        <Button
                          variant="outline"
                          onClick={() => void fetchNextPage()}
                          disabled={isFetchingNextPage}
                        >
                          {isFetchingNextPage
                            ? 'Loading...'
                            : `Load more products (${(first?.total ?? 0) - all.length} more)`}
                        </Button>
                      </NextPageWhenSeen>
                    ) : null}
                  </>
                )}
              </FirstCardsFirst>
            )}
            {catalog.error && first ? (
              <ErrorState
                title="Could not load more products"
                error={catalog.error}
                onRetry={() => void fetchNextPage()}
              />
            ) : null}
          </>
        )}
      </div>

      <CartSummary />
    </div>
  );
}

/** The first page of the catalogue for the address's filters, asked for with the page's code. */
BrowsePage.firstData = ({ queryClient, search }: FirstDataContext) =>
  queryClient.prefetchInfiniteQuery(catalogQuery(browseFiltersOf(search)));
