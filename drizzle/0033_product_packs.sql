-- Packs (docs/packs.md): a product sells one or more packs from its one stock, and a line
-- counts packs. Every product has had one unit and one price: each gets its unit pack, and
-- every line and standing line so far is of that pack.
CREATE TABLE "price_list_pack_breaks" (
	"price_list_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"min_quantity" numeric(12, 2) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "price_list_pack_breaks_price_list_id_pack_id_min_quantity_pk" PRIMARY KEY("price_list_id","pack_id","min_quantity"),
	CONSTRAINT "price_list_pack_breaks_quantity_check" CHECK ("price_list_pack_breaks"."min_quantity" >= 1),
	CONSTRAINT "price_list_pack_breaks_price_check" CHECK ("price_list_pack_breaks"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_list_pack_prices" (
	"price_list_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "price_list_pack_prices_price_list_id_pack_id_pk" PRIMARY KEY("price_list_id","pack_id"),
	CONSTRAINT "price_list_pack_prices_price_check" CHECK ("price_list_pack_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"label" text NOT NULL,
	"size" numeric(12, 2) NOT NULL,
	"price" numeric(12, 2),
	"minimum_quantity" numeric(12, 2),
	"estimated_weight" numeric(12, 2),
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_packs_size_check" CHECK ("product_packs"."size" > 0),
	CONSTRAINT "product_packs_price_check" CHECK ("product_packs"."price" >= 0),
	CONSTRAINT "product_packs_minimum_check" CHECK ("product_packs"."minimum_quantity" > 0),
	CONSTRAINT "product_packs_weight_check" CHECK ("product_packs"."estimated_weight" > 0)
);
--> statement-breakpoint
DROP INDEX "standing_order_lines_product_unique";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pack_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pack_label" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pack_size" numeric(12, 2) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD COLUMN "pack_id" integer;--> statement-breakpoint
ALTER TABLE "price_list_pack_breaks" ADD CONSTRAINT "price_list_pack_breaks_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_pack_breaks" ADD CONSTRAINT "price_list_pack_breaks_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_pack_prices" ADD CONSTRAINT "price_list_pack_prices_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_pack_prices" ADD CONSTRAINT "price_list_pack_prices_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_packs" ADD CONSTRAINT "product_packs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_packs_product_idx" ON "product_packs" USING btree ("product_id","size");--> statement-breakpoint
CREATE UNIQUE INDEX "product_packs_label_unique" ON "product_packs" USING btree ("product_id",lower("label")) WHERE "product_packs"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_packs_unit_unique" ON "product_packs" USING btree ("product_id") WHERE "product_packs"."size" = 1 and "product_packs"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD CONSTRAINT "standing_order_lines_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_order_lines_pack_unique" ON "standing_order_lines" USING btree ("standing_order_id","pack_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pack_size_check" CHECK ("order_items"."pack_size" > 0);
--> statement-breakpoint
-- A new product starts with its unit pack, whoever writes it; the farm may add, change or
-- remove packs after.
CREATE FUNCTION harvest_hui_unit_pack() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_packs (product_id, label, size) VALUES (NEW.id, NEW.unit, 1);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_unit_pack AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION harvest_hui_unit_pack();
--> statement-breakpoint
INSERT INTO product_packs (product_id, label, size) SELECT id, unit, 1 FROM products ORDER BY id;
--> statement-breakpoint
UPDATE order_items SET pack_id = p.id, pack_label = p.label
  FROM product_packs p WHERE p.product_id = order_items.product_id AND p.size = 1;
--> statement-breakpoint
UPDATE standing_order_lines SET pack_id = p.id
  FROM product_packs p WHERE p.product_id = standing_order_lines.product_id AND p.size = 1;
--> statement-breakpoint
ALTER TABLE "standing_order_lines" ALTER COLUMN "pack_id" SET NOT NULL;--> statement-breakpoint
-- Packs and their list prices are part of the browse pages: a change of them empties the kept
-- parts as a product's own change does.
CREATE TRIGGER product_packs_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON "product_packs"
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER price_list_pack_prices_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON "price_list_pack_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER price_list_pack_breaks_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON "price_list_pack_breaks"
  FOR EACH STATEMENT EXECUTE FUNCTION harvest_hui_catalog_changed();
