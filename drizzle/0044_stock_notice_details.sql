-- A stock move's notice names its product, the stock it now has and whether it went in or out
-- of stock: each process then shows that figure on the browse pages it keeps instead of
-- emptying them, and empties the searches by availability only when a product crossed zero.
CREATE OR REPLACE FUNCTION harvest_hui_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('harvest_hui_live_events', json_build_object(
    'type', 'stock.changed',
    'productId', NEW.id,
    'availableQuantity', NEW.available_quantity,
    'inStockChanged', (OLD.available_quantity > 0) IS DISTINCT FROM (NEW.available_quantity > 0)
  )::text);
  RETURN NULL;
END
$$;
