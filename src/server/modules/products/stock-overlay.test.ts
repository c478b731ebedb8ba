import { describe, expect, it } from 'vitest';
import type { ProductPage } from '#core/schemas/product';
import { KeptPage, StockOverlay } from './stock-overlay';

/** A page of two products, with only what the overlay reads and writes filled in. */
function pageOf(...stock: [id: number, quantity: number][]): ProductPage {
  return {
    items: stock.map(([id, availableQuantity]) => ({
      id,
      name: `Product ${id}`,
      availableQuantity,
    })),
    total: stock.length,
    totalAll: stock.length,
    page: 1,
    pageSize: 24,
    farms: [],
    hiddenByZone: 0,
  } as unknown as ProductPage;
}

const quantities = (kept: KeptPage) =>
  (JSON.parse(kept.answer().json) as ProductPage).items.map((item) => item.availableQuantity);

describe('a kept browse page', () => {
  it('shows the stock noted since it was read, and is made again only when one of its products moved', () => {
    const overlay = new StockOverlay();
    overlay.note(1, 7);
    const kept = new KeptPage(pageOf([1, 7], [2, 5]), overlay);
    const first = kept.answer();
    expect(quantities(kept)).toEqual([7, 5]);

    overlay.note(3, 40);
    expect(kept.answer()).toBe(first);

    overlay.note(2, 4);
    expect(kept.answer()).not.toBe(first);
    expect(quantities(kept)).toEqual([7, 4]);
  });

  it('shows what was read once the overlay forgot (the process missed notices)', () => {
    const overlay = new StockOverlay();
    overlay.note(1, 3);
    overlay.clear();
    const kept = new KeptPage(pageOf([1, 9]), overlay);
    expect(quantities(kept)).toEqual([9]);
  });
});
