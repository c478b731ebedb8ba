import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { centsOf, toMoneyString } from '#core/money';

/** Places one of the product through the API as the signed-in restaurant; its id and day back. */
export async function placeOneOf(
  context: BrowserContext,
  farmId: number,
  product: { id: number; price: string; farm: { deliveryFee: string } },
): Promise<{ id: number; deliveryDate: string | null }> {
  const response = await context.request.post('/api/orders', {
    data: {
      farmId,
      totalAmount: toMoneyString(centsOf(product.price) + centsOf(product.farm.deliveryFee)),
      items: [{ productId: product.id, quantity: 1, unitPrice: product.price }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; deliveryDate: string | null };
}
