import { catalogPagePath } from '#core/browse-address';
import { isUnitPack } from '#core/packs';
import type { Product } from '#core/schemas/product';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { useDebouncedValue } from '../../lib/paged-list';
import { useCatalogSearch } from './api';
import { newDraftItem, type DraftItem, type DraftSection } from './guide-model';

/** The fewest characters a search is sent with. */
const SEARCH_MIN = 2;

/**
 * Adding products to the guide: the catalogue searched as browse searches it (what delivers to
 * the restaurant's zone first), a pack chosen, into the section picked.
 */
export function AddProducts({
  sections,
  inGuide,
  onAdd,
}: {
  sections: readonly DraftSection[];
  /** `productId:packId` of every item the draft holds. */
  inGuide: ReadonlySet<string>;
  /** A section key no longer (or never) in the draft makes a section for the item. */
  onAdd: (item: DraftItem, sectionKey: string) => void;
}) {
  const [query, setQuery] = useState('');
  const [chosenSection, setChosenSection] = useState('');
  const [announced, setAnnounced] = useState('');
  const q = useDebouncedValue(query.trim());
  const sectionKey = sections.some((section) => section.key === chosenSection)
    ? chosenSection
    : (sections[0]?.key ?? '');
  const sectionName = sections.find((section) => section.key === sectionKey)?.name.trim();
  const path =
    q.length >= SEARCH_MIN
      ? catalogPagePath(
          {
            q,
            category: 'all',
            farmId: 'all',
            availability: 'all',
            sort: 'relevance',
            deliversToMyZone: true,
          },
          1,
        )
      : null;
  const search = useCatalogSearch(path);

  const add = (product: Product, pack: NonNullable<Product['packs']>[number]) => {
    onAdd(
      newDraftItem({
        productId: product.id,
        packId: pack.id,
        product: {
          name: product.name,
          unit: product.unit,
          category: product.category ?? '',
          available: product.isActive,
          farm: { id: product.farm.id, name: product.farm.name },
        },
        pack: { label: pack.label, size: pack.size },
      }),
      sectionKey,
    );
    setAnnounced(`${product.name} added to ${sectionName || 'a new section'}`);
  };

  return (
    <section
      aria-labelledby="add-products-title"
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:p-4"
    >
      <h3 id="add-products-title" className="text-base font-semibold">
        Add products
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Search the catalogue" hint="A product's name, at least 2 letters">
          {(ids) => (
            <Input
              {...ids}
              type="search"
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          )}
        </Field>
        {sections.length > 1 ? (
          <Field label="Add to section">
            {(ids) => (
              <Select
                {...ids}
                value={sectionKey}
                onChange={(event) => setChosenSection(event.target.value)}
              >
                {sections.map((section) => (
                  <option key={section.key} value={section.key}>
                    {section.name.trim() || 'New section'}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
      {path === null ? null : search.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label="Searching">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : search.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The catalogue could not be searched: {search.error.message}
        </p>
      ) : search.data.items.length === 0 ? (
        <p className="text-sm text-stone-600">No products match “{q}”.</p>
      ) : (
        <ul aria-label="Search results" className="flex flex-col divide-y divide-stone-100">
          {search.data.items.map((product) => (
            <ResultRow key={product.id} product={product} inGuide={inGuide} onAdd={add} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ResultRow({
  product,
  inGuide,
  onAdd,
}: {
  product: Product;
  inGuide: ReadonlySet<string>;
  onAdd: (product: Product, pack: NonNullable<Product['packs']>[number]) => void;
}) {
  const packs = product.packs ?? [];
  const [packId, setPackId] = useState(() => (packs.find(isUnitPack) ?? packs[0])?.id);
  const pack = packs.find((entry) => entry.id === packId);
  const selectId = useId();
  const already = pack ? inGuide.has(`${product.id}:${pack.id}`) : false;
  return (
    <li className="flex flex-wrap items-center gap-2 py-2.5">
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-medium break-words">{product.name}</p>
        <p className="text-sm break-words text-stone-600">
          {product.farm.name}
          {packs.length === 1 && pack ? ` · ${pack.label}` : ''}
        </p>
      </div>
      {packs.length > 1 ? (
        <>
          <label htmlFor={selectId} className="sr-only">
            Pack of {product.name} from {product.farm.name}
          </label>
          <Select
            id={selectId}
            className="w-auto max-w-full sm:max-w-56"
            value={packId}
            onChange={(event) => setPackId(Number(event.target.value))}
          >
            {packs.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label}
              </option>
            ))}
          </Select>
        </>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        aria-label={
          already
            ? `${product.name} from ${product.farm.name} is in the guide`
            : `Add ${product.name} from ${product.farm.name}`
        }
        disabled={!pack || already}
        onClick={() => pack && onAdd(product, pack)}
      >
        {already ? (
          'In guide'
        ) : (
          <>
            <Plus aria-hidden="true" /> Add
          </>
        )}
      </Button>
    </li>
  );
}
