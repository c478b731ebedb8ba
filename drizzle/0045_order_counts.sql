-- An order's arrival, removal, or change of status, day or business tells every process which
-- farm's and restaurant's order lists now count differently ('orders.counted'): each keeps the
-- totals of those lists until then, whoever wrote. One notice per farm and restaurant a
-- transaction touched (PostgreSQL delivers a payload once per transaction).
CREATE FUNCTION harvest_hui_orders_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('harvest_hui_live_events', json_build_object('type', 'orders.counted',
      'farmId', OLD.farm_id, 'restaurantId', OLD.restaurant_id)::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('harvest_hui_live_events', json_build_object('type', 'orders.counted',
      'farmId', NEW.farm_id, 'restaurantId', NEW.restaurant_id)::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_counted
  AFTER INSERT OR DELETE OR UPDATE OF status, delivery_date, farm_id, restaurant_id ON "orders"
  FOR EACH ROW EXECUTE FUNCTION harvest_hui_orders_counted();
