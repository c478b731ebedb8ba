import { sql } from 'drizzle-orm';
import { hawaiiToday } from '#core/hawaii-time';
import type { Db } from '../../db/database';
import { toCsv, type CsvFile } from './csv';
import { ZONE } from './sql';
import { rows } from '../../db/raw-sql';
import { now as clockNow } from '../../clock';

interface ExportRow extends Record<string, unknown> {
  id: number;
  created_at: string;
  status: string;
  counterpart: string;
  delivery_date: string | null;
  subtotal: string;
  delivery_fee: string;
  total_amount: string;
  items: string;
}

/**
 * One row per order, newest first, for the farm or the restaurant that asks; every order is
 * listed whatever its status, so the status column tells which ones the reports count.
 */
export async function exportOrdersCsv(
  db: Db,
  owner: { kind: 'farm' | 'restaurant'; id: number },
  now = clockNow(),
): Promise<CsvFile> {
  const isFarm = owner.kind === 'farm';
  const owned = sql`${isFarm ? sql`o.farm_id` : sql`o.restaurant_id`} = ${owner.id}`;
  const result = await rows<ExportRow>(
    db,
    sql`
    with items as (
      select oi.order_id,
        string_agg(
          -- The pack sold, when the line has one: "2 x Kale (case of 24 bunches)".
          trim_scale(oi.quantity) || ' x ' || oi.product_name
            || ' (' || coalesce(oi.pack_label, oi.product_unit) || ')'
            || case when oi.ordered_quantity is not null and oi.ordered_quantity <> oi.quantity
              then ' [ordered ' || trim_scale(oi.ordered_quantity) || ']' else '' end,
          '; '
          order by oi.id) as summary
      from order_items oi
      join orders o on o.id = oi.order_id
      where ${owned}
      group by oi.order_id
    )
    select o.id,
      to_char(o.created_at at time zone ${ZONE}, 'YYYY-MM-DD HH24:MI') as created_at,
      o.status,
      c.name as counterpart,
      to_char(o.delivery_date, 'YYYY-MM-DD') as delivery_date,
      o.subtotal::text as subtotal,
      o.delivery_fee::text as delivery_fee,
      o.total_amount::text as total_amount,
      coalesce(i.summary, '') as items
    from orders o
    ${isFarm ? sql`join restaurants c on c.id = o.restaurant_id` : sql`join farms c on c.id = o.farm_id`}
    left join items i on i.order_id = o.id
    where ${owned}
    order by o.created_at desc, o.id desc`,
  );

  const header = [
    'Order',
    'Created (Hawaii time)',
    'Status',
    isFarm ? 'Restaurant' : 'Farm',
    'Delivery date',
    'Subtotal',
    'Delivery fee',
    'Total',
    'Items',
  ];
  const body = toCsv(
    header,
    result.map((row) => [
      row.id,
      row.created_at,
      row.status,
      row.counterpart,
      row.delivery_date,
      row.subtotal,
      row.delivery_fee,
      row.total_amount,
      row.items,
    ]),
  );
  return { filename: `harvest-hui-${owner.kind}-orders-${hawaiiToday(now)}.csv`, body };
}
