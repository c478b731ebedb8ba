import { isUnitPack } from '#core/packs';
import type { Product } from '#core/schemas/product';
import { formatMoney } from '../../lib/format';

/**
 * The packs a product sells besides its unit, briefly: "Also: case of 24 bunches $43.20".
 * A member who sees no money (a packer) gets the labels alone.
 */
export function OtherPacks({ product }: { product: Product }) {
  const others = (product.packs ?? []).filter((pack) => !isUnitPack(pack));
  if (others.length === 0) return null;
  return (
    <p className="text-sm break-words text-stone-600">
      Also:{' '}
      {others.map((pack, index) => (
        <span key={pack.id}>
          {index > 0 ? ' · ' : null}
          {pack.label}
          {pack.price === undefined ? null : (
            <span className="tabular"> {formatMoney(pack.price)}</span>
          )}
        </span>
      ))}
    </p>
  );
}
