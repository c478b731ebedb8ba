import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { multiplyCents, orderAmounts, parseMoney, rateOf, toMoneyString } from '#core/money';
import type { Order } from '#core/schemas/order';
import type { Product } from '#core/schemas/product';
import { farms } from '../../src/server/db/schema';
import { setFarmTerms } from './catalog-fixtures';
import { signUpFarmer, signUpRestaurant, type TestContext } from './test-app';

/** ʻUlu's price per lb, the farm's delivery fee and its GET rate in the catch-weight tests. */
export const ULU_PRICE = '3.50';
export const ULU_FEE = '5.00';
export const ULU_TAX_RATE = '4.7120';
/** What one case of ʻulu is estimated to weigh, in lb. */
export const ULU_CASE_LB = 25;

export interface UluScene {
  farmer: Awaited<ReturnType<typeof signUpFarmer>>;
  restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
  ulu: Product;
  /** The body of an order of `cases` cases at their estimate, as checkout sends it. */
  orderOf(cases: number, totalPrice?: string): Record<string, unknown>;
  /** `cases` cases placed at their estimate and confirmed by the farm. */
  placeConfirmed(cases: number): Promise<Order>;
}

/**
 * A farm selling ʻulu by the case at $3.50/lb (a case ≈ 25 lb, 40 in stock) with a $5.00
 * delivery fee and GET, and a restaurant buying from it (docs/catch-weight.md).
 */
export async function uluScene(ctx: TestContext): Promise<UluScene> {
  const farmer = await signUpFarmer(ctx.app, 'Hāmākua Ulu');
  const restaurant = await signUpRestaurant(ctx.app, 'Pier Kitchen');
  await setFarmTerms(ctx.database.db, farmer.farmId, { deliveryFee: ULU_FEE });
  await ctx.database.db
    .update(farms)
    .set({ taxRate: ULU_TAX_RATE })
    .where(eq(farms.id, farmer.farmId));
  const created = await farmer.post('/api/products', {
    name: 'ʻUlu',
    unit: 'box',
    price: ULU_PRICE,
    availableQuantity: 40,
    pricedByWeight: true,
    weightUnit: 'lb',
    packs: [{ label: 'case', size: 1, estimatedWeight: ULU_CASE_LB }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const ulu = created.json() as Product;

  const orderOf = (cases: number, totalPrice?: string) => {
    const line =
      totalPrice ?? toMoneyString(multiplyCents(parseMoney(ULU_PRICE)!, cases * ULU_CASE_LB));
    const { totalCents } = orderAmounts(
      parseMoney(line)!,
      parseMoney(ULU_FEE)!,
      rateOf(ULU_TAX_RATE),
    );
    return {
      farmId: farmer.farmId,
      totalAmount: toMoneyString(totalCents),
      items: [{ productId: ulu.id, quantity: cases, unitPrice: ULU_PRICE, totalPrice: line }],
    };
  };
  const placeConfirmed = async (cases: number): Promise<Order> => {
    const placed = await restaurant.post('/api/orders', orderOf(cases));
    expect(placed.statusCode, placed.body).toBe(201);
    const confirmed = await farmer.patch(`/api/orders/${(placed.json() as Order).id}/status`, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json();
  };
  return { farmer, restaurant, ulu, orderOf, placeConfirmed };
}
