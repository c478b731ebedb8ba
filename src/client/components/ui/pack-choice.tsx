import { packEstimateLabel } from '#core/cart';
import { isUnitPack, packCountLabel, packsIn } from '#core/packs';
import type { PackOutput, Product } from '#core/schemas/product';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';
import { useCart } from '../../lib/cart';

/**
 * The pack a card adds (docs/packs.md): at first the pack the cart already holds of the
 * product, else its unit pack, else its smallest. A product selling one pack has no choice.
 */
export function usePackChoice(product: Product): [PackOutput | undefined, (id: number) => void] {
  const cart = useCart();
  const packs = product.packs ?? [];
  const [chosenId, choose] = useState<number | null>(null);
  const inCart = packs.find((pack) => cart.lineOf(product, pack.id));
  const pack =
    packs.find((entry) => entry.id === chosenId) ?? inCart ?? packs.find(isUnitPack) ?? packs[0];
  return [pack, choose];
}

/**
 * "bunch $2.00": a pack as the choice names it; "case ≈ 25 lb" for a product priced by weight
 * (its price is per lb, whatever the pack).
 */
const choiceLabel = (product: Product, pack: PackOutput) =>
  packEstimateLabel(product, pack) ??
  (pack.price ? `${pack.label} ${formatMoney(pack.price)}` : pack.label);

/**
 * The choice of pack for a product selling more than one: segments that wrap on a narrow
 * card, or a select where a row has no room. Nothing for a product with one pack.
 */
export function PackChoice({
  product,
  pack,
  onChoose,
  variant = 'segments',
}: {
  product: Product;
  pack: PackOutput | undefined;
  onChoose: (id: number) => void;
  variant?: 'segments' | 'select';
}) {
  const name = useId();
  const packs = product.packs ?? [];
  if (packs.length < 2 || !pack) return null;
  if (variant === 'select') {
    return (
      <select
        aria-label={`Pack of ${product.name}`}
        className="min-h-11 max-w-full rounded-md border border-stone-300 bg-white px-2 text-sm sm:min-h-9"
        value={pack.id}
        onChange={(event) => onChoose(Number(event.target.value))}
      >
        {packs.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {choiceLabel(product, entry)}
          </option>
        ))}
      </select>
    );
  }
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Pack of {product.name}</legend>
      <div className="flex flex-wrap gap-1.5">
        {packs.map((entry) => (
          <label
            key={entry.id}
            className={cn(
              'tabular flex min-h-11 cursor-pointer items-center rounded-md border px-3 text-sm has-focus-visible:outline-2 has-focus-visible:outline-primary',
              entry.id === pack.id
                ? 'border-primary bg-green-50 font-semibold text-primary'
                : 'border-stone-300 bg-white text-stone-800',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={entry.id}
              checked={entry.id === pack.id}
              onChange={() => onChoose(entry.id)}
            />
            {choiceLabel(product, entry)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** "13 cases of 24 bunches left" for a pack other than the unit; nothing for the unit. */
export function packsLeftLabel(product: Product, pack: PackOutput | undefined): string | null {
  if (!pack || isUnitPack(pack)) return null;
  return `${packCountLabel(packsIn(Math.max(0, product.availableQuantity), pack.size), pack.label)} left`;
}

/**
 * What a card prices: the chosen pack's price, list price and breaks, per pack; the unit pack,
 * or a product sent without packs, as the product itself (its price per unit). A product priced
 * by weight is priced per lb (kg, oz) whatever the pack, with the pack's `estimate`
 * ("case ≈ 25 lb").
 */
export function pricedBy(
  product: Product,
  pack: PackOutput | undefined,
): {
  price: string;
  listPrice: string | undefined;
  breaks: Product['breaks'];
  unit: string;
  estimate: string | null;
} {
  const estimate = packEstimateLabel(product, pack);
  if (product.weightUnit && estimate) {
    return {
      price: product.price,
      listPrice: product.listPrice,
      breaks: product.breaks,
      unit: product.weightUnit,
      estimate,
    };
  }
  if (pack?.price && !isUnitPack(pack)) {
    return {
      price: pack.price,
      listPrice: pack.listPrice,
      breaks: pack.breaks,
      unit: pack.label,
      estimate: null,
    };
  }
  return {
    price: product.price,
    listPrice: product.listPrice,
    breaks: product.breaks,
    unit: product.unit,
    estimate: null,
  };
}
