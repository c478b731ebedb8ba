-- A product's stock moving alone (every order placed, changed or cancelled moves some) says
-- 'stock.changed', which empties only what shows stock of each process's browse cache; any
-- other change to a product still says 'catalog.changed' (drizzle/0012_catalog_changes.sql).
-- Row triggers compare the rows without their stock and update time, so a column added later
-- counts as a catalogue change without touching these.
CREATE FUNCTION harvest_hui_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('harvest_hui_live_events', '{"type":"stock.changed"}');
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER products_catalog_changed ON "products";--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR DELETE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_catalog_changed();--> statement-breakpoint
CREATE TRIGGER products_catalog_updated AFTER UPDATE ON "products"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - '{available_quantity,updated_at}'::text[])
    IS DISTINCT FROM (to_jsonb(NEW) - '{available_quantity,updated_at}'::text[]))
  EXECUTE FUNCTION harvest_hui_catalog_changed();--> statement-breakpoint
CREATE TRIGGER products_stock_changed AFTER UPDATE ON "products"
  FOR EACH ROW WHEN (OLD.available_quantity IS DISTINCT FROM NEW.available_quantity)
  EXECUTE FUNCTION harvest_hui_stock_changed();
