ALTER TABLE "orders" ADD COLUMN "balance_due" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Made while every balance is still 0 and so empty: the backfill below fills them as it writes.
CREATE INDEX "orders_farm_owed_idx" ON "orders" USING btree ("farm_id","restaurant_id") WHERE "orders"."status" = 'delivered' and "orders"."balance_due" > 0;--> statement-breakpoint
CREATE INDEX "orders_restaurant_owed_idx" ON "orders" USING btree ("restaurant_id","farm_id") WHERE "orders"."status" = 'delivered' and "orders"."balance_due" > 0;--> statement-breakpoint
-- The stored twin of the owed rule (src/server/modules/owed/owed.ts): what counts against a bill
-- is its payments not voided and the credit put on it, credit notes' part on the invoice and
-- credit balance applied. Inlined into the queries that read it, so each keeps its indexes.
CREATE FUNCTION harvest_hui_bill_settlements() RETURNS TABLE (order_id integer, amount numeric)
LANGUAGE sql STABLE AS $$
  SELECT p.order_id, p.amount FROM payments p WHERE p.voided_at IS NULL
  UNION ALL
  SELECT c.order_id, c.amount FROM credit_entries c WHERE c.kind IN ('invoice', 'applied')
$$;--> statement-breakpoint
-- What one order still owes: its total less all that counts against it; below zero when more
-- than the total came in.
CREATE FUNCTION harvest_hui_balance_due(order_id integer, total_amount numeric) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT $2 - coalesce(sum(s.amount), 0) FROM harvest_hui_bill_settlements() s WHERE s.order_id = $1
$$;--> statement-breakpoint
-- Every order's balance at once: harvest_hui_balance_due of each, with the settlements summed in
-- one pass rather than looked up order by order (1.87 million orders on the islands' bench).
UPDATE "orders" SET "balance_due" = b.balance_due
FROM (
  SELECT o.id, o.total_amount - coalesce(s.amount, 0) AS balance_due
  FROM "orders" o
  LEFT JOIN (
    SELECT order_id, sum(amount) AS amount FROM harvest_hui_bill_settlements() GROUP BY order_id
  ) s ON s.order_id = o.id
) b
WHERE b.id = "orders"."id" AND b.balance_due <> 0;--> statement-breakpoint
-- Whoever writes an order's total (placement, an adjustment, a weight, a script) or its balance,
-- the balance is what the rule says.
CREATE FUNCTION harvest_hui_order_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.balance_due := harvest_hui_balance_due(NEW.id, NEW.total_amount);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_balance_due BEFORE INSERT OR UPDATE OF total_amount, balance_due ON "orders"
  FOR EACH ROW EXECUTE FUNCTION harvest_hui_order_balance();--> statement-breakpoint
-- A payment or a credit entry written, voided, moved or deleted: its orders, before and after,
-- have their balance written again (the orders' own trigger computes it). Once per statement,
-- so a bulk load sums its orders in one update. The orders are locked first in the order a
-- group payment locks them (delivery day, then id), so a void racing a payment cannot deadlock.
CREATE FUNCTION harvest_hui_settlements_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT order_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    ids := ARRAY(SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows);
  ELSE
    ids := ARRAY(SELECT order_id FROM old_rows);
  END IF;
  PERFORM 1 FROM "orders" WHERE "id" = ANY(ids) ORDER BY "delivery_date", "id" FOR UPDATE;
  UPDATE "orders" SET "balance_due" = "balance_due" WHERE "id" = ANY(ids);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER payments_inserted_balance AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_settlements_changed();--> statement-breakpoint
CREATE TRIGGER payments_updated_balance AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_settlements_changed();--> statement-breakpoint
CREATE TRIGGER payments_deleted_balance AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_settlements_changed();--> statement-breakpoint
CREATE TRIGGER credit_entries_inserted_balance AFTER INSERT ON "credit_entries"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_settlements_changed();--> statement-breakpoint
CREATE TRIGGER credit_entries_updated_balance AFTER UPDATE ON "credit_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_settlements_changed();--> statement-breakpoint
CREATE TRIGGER credit_entries_deleted_balance AFTER DELETE ON "credit_entries"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_settlements_changed();
