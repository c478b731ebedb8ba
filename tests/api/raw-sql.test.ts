import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jsonRows, rows } from '../../src/server/db/raw-sql';
import { orderItems, orders } from '../../src/server/db/schema';
import { useTestDatabase } from '../helpers/test-app';

describe('jsonRows', () => {
  const ctx = useTestDatabase();

  it('reads rows sent as one parameter in the order given, each value typed as its column', async () => {
    const columns = {
      productName: orderItems.productName,
      unitPrice: orderItems.unitPrice,
      quantity: orderItems.quantity,
      deliveryDate: orders.deliveryDate,
    };
    const read = await rows<Record<string, unknown>>(
      ctx.database.db,
      sql`select line.product_name, line.unit_price::text as unit_price,
          line.quantity::text as quantity, line.delivery_date::text as delivery_date,
          line.ordinality::int as ordinality,
          pg_typeof(line.unit_price)::text as price_type
        from ${jsonRows('line', columns, [
          { productName: 'Lilikoʻi', unitPrice: '4.10', quantity: 2.5, deliveryDate: '2026-12-01' },
          { productName: "Ka'u oranges", unitPrice: '0.07', quantity: 1, deliveryDate: null },
        ])}
        order by line.ordinality`,
    );
    expect(read).toEqual([
      {
        product_name: 'Lilikoʻi',
        unit_price: '4.10',
        quantity: '2.50',
        delivery_date: '2026-12-01',
        ordinality: 1,
        price_type: 'numeric',
      },
      {
        product_name: "Ka'u oranges",
        unit_price: '0.07',
        quantity: '1.00',
        delivery_date: null,
        ordinality: 2,
        price_type: 'numeric',
      },
    ]);
  });
});
