import type { ProductPage } from '#core/schemas/product';
import { keepNewest } from '../../lib/bounded-map';
import { CompressedAnswer } from '../../http/compressed-answers';
import type { StockChangedEvent } from '../events';

/** Products whose latest stock a process remembers from the database's notices. */
const MAX_PRODUCTS = 50_000;

/**
 * The product and its new stock a stock notice names; null for a notice that names none (sent
 * before notices carried them), which leaves every page showing stock stale.
 */
export function movedStock(
  event: StockChangedEvent,
): { productId: number; quantity: number } | null {
  const { productId, availableQuantity } = event;
  return productId === undefined || availableQuantity === undefined
    ? null
    : { productId, quantity: availableQuantity };
}

/**
 * The latest stock of each product that moved, as the database's notices said it (a notice per
 * product, in commit order), numbered so a kept page can tell whether any of its products moved
 * since it was last sent. A kept browse page shows these figures rather than being made afresh
 * at every order: only the figure changes, not which products the page holds.
 */
export class StockOverlay {
  readonly #stock = new Map<number, { quantity: number; seen: number }>();
  #seen = 0;

  note(productId: number, quantity: number): void {
    this.#seen += 1;
    keepNewest(this.#stock, productId, { quantity, seen: this.#seen }, MAX_PRODUCTS);
  }

  /** Forgets every figure: the process may have missed notices, so a page read later knows better. */
  clear(): void {
    this.#stock.clear();
  }

  /** A notice number: the figures noted after it are those `movedSince` it. */
  get seen(): number {
    return this.#seen;
  }

  movedSince(productId: number, seen: number): boolean {
    return (this.#stock.get(productId)?.seen ?? 0) > seen;
  }

  quantityOf(productId: number): number | undefined {
    return this.#stock.get(productId)?.quantity;
  }
}

/**
 * A browse page as kept: what was read, and the answer last sent with the overlay's figures,
 * made again (serialised and compressed) only when one of its products moved since.
 */
export class KeptPage {
  #answer: CompressedAnswer;
  #seen: number;

  constructor(
    private readonly page: ProductPage,
    private readonly overlay: StockOverlay,
  ) {
    this.#seen = overlay.seen;
    this.#answer = this.#made();
  }

  answer(): CompressedAnswer {
    const { overlay } = this;
    if (this.page.items.some((item) => overlay.movedSince(item.id, this.#seen))) {
      this.#seen = overlay.seen;
      this.#answer = this.#made();
    }
    return this.#answer;
  }

  #made(): CompressedAnswer {
    const items = this.page.items.map((item) => {
      const quantity = this.overlay.quantityOf(item.id);
      return quantity === undefined ? item : { ...item, availableQuantity: quantity };
    });
    return new CompressedAnswer(JSON.stringify({ ...this.page, items }));
  }
}
