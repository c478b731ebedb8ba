import { sql } from 'drizzle-orm';
import { profile } from './.tmp-profile';
(globalThis as any).__hook = async () => {
  const { db, farmId } = (globalThis as any).__profile;
  const queries: Record<string, any> = {
    viaOrders: sql`select p.id, p.name, p.unit, sum(oi.quantity)::int q, sum(oi.total_price) r
      from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
      where o.farm_id = ${farmId} and o.status <> 'cancelled'
      group by p.id, p.name, p.unit order by r desc, p.name, p.id limit 6`,
    viaProducts: sql`select p.id, p.name, p.unit, sum(oi.quantity)::int q, sum(oi.total_price) r
      from products p join order_items oi on oi.product_id = p.id join orders o on o.id = oi.order_id
      where p.farm_id = ${farmId} and o.farm_id = ${farmId} and o.status <> 'cancelled'
      group by p.id, p.name, p.unit order by r desc, p.name, p.id limit 6`,
    aggFirst: sql`with s as (select oi.product_id, sum(oi.quantity)::int q, sum(oi.total_price) r
        from order_items oi where oi.order_id in (select id from orders o where o.farm_id = ${farmId} and o.status <> 'cancelled')
        group by oi.product_id)
      select p.id, p.name, p.unit, s.q, s.r from s join products p on p.id = s.product_id order by s.r desc, p.name, p.id limit 6`,
  };
  for (const [name, q] of Object.entries(queries)) {
    for (let i = 0; i < 2; i++) await db.execute(q);
    const times: number[] = [];
    for (let i = 0; i < 7; i++) { const t = performance.now(); await db.execute(q); times.push(performance.now() - t); }
    times.sort((a, b) => a - b);
    console.log(name, times.map((t) => t.toFixed(0)).join(' '));
  }
  const plan = await db.execute(sql`explain analyze ${queries.viaProducts}`);
  console.log(plan.rows.map((x: any) => Object.values(x)[0]).join('\n'));
};
await profile();
