-- Orders under way, per farm and per restaurant: the administrator's business lists count them for
-- each business on a page, which read every order of a restaurant's year for it.
CREATE INDEX "orders_farm_open_idx" ON "orders" USING btree ("farm_id") WHERE "orders"."status" in ('pending', 'confirmed', 'packed', 'in_transit');--> statement-breakpoint
CREATE INDEX "orders_restaurant_open_idx" ON "orders" USING btree ("restaurant_id") WHERE "orders"."status" in ('pending', 'confirmed', 'packed', 'in_transit');