CREATE TABLE "price_list_breaks" (
	"price_list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"min_quantity" numeric(12, 2) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "price_list_breaks_price_list_id_product_id_min_quantity_pk" PRIMARY KEY("price_list_id","product_id","min_quantity"),
	CONSTRAINT "price_list_breaks_quantity_check" CHECK ("price_list_breaks"."min_quantity" >= 1),
	CONSTRAINT "price_list_breaks_price_check" CHECK ("price_list_breaks"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_list_prices" (
	"price_list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "price_list_prices_price_list_id_product_id_pk" PRIMARY KEY("price_list_id","product_id"),
	CONSTRAINT "price_list_prices_price_check" CHECK ("price_list_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_list_restaurants" (
	"farm_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"price_list_id" integer NOT NULL,
	CONSTRAINT "price_list_restaurants_farm_id_restaurant_id_pk" PRIMARY KEY("farm_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" numeric(5, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_kind_check" CHECK ("price_lists"."kind" in ('percent', 'prices')),
	CONSTRAINT "price_lists_percent_check" CHECK (("price_lists"."kind" = 'percent') = ("price_lists"."percent_off" is not null) and "price_lists"."percent_off" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_break_quantity" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "price_list_breaks" ADD CONSTRAINT "price_list_breaks_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_breaks" ADD CONSTRAINT "price_list_breaks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_restaurants" ADD CONSTRAINT "price_list_restaurants_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_restaurants" ADD CONSTRAINT "price_list_restaurants_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_restaurants" ADD CONSTRAINT "price_list_restaurants_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_restaurants_list_idx" ON "price_list_restaurants" USING btree ("price_list_id");--> statement-breakpoint
CREATE INDEX "price_list_restaurants_restaurant_idx" ON "price_list_restaurants" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_farm_name_unique" ON "price_lists" USING btree ("farm_id","name");--> statement-breakpoint
-- Browse's kept pages and the catalogue are priced by the reader's list: any change of a list,
-- its prices, breaks or restaurants empties every process's catalogue cache at commit, as a
-- change of a product does (0012_catalog_changes.sql).
CREATE TRIGGER price_lists_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON "price_lists"
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_catalog_changed();--> statement-breakpoint
CREATE TRIGGER price_list_prices_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON "price_list_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_catalog_changed();--> statement-breakpoint
CREATE TRIGGER price_list_breaks_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON "price_list_breaks"
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_catalog_changed();--> statement-breakpoint
CREATE TRIGGER price_list_restaurants_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON "price_list_restaurants"
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_catalog_changed();
