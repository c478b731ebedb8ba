-- Each server process keeps parts of the browse pages (docs/performance.md). Any change to a
-- product, its photos or a delivery day, whoever makes it, tells every process on the live
-- events channel when its transaction commits: once per statement, and PostgreSQL sends one
-- notification per transaction for the same text.
CREATE FUNCTION harvest_hui_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('harvest_hui_live_events', '{"type":"catalog.changed"}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_catalog_changed();--> statement-breakpoint
CREATE TRIGGER product_photos_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON "product_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_catalog_changed();--> statement-breakpoint
CREATE TRIGGER delivery_schedules_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON "delivery_schedules"
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_catalog_changed();
