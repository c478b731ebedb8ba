CREATE TABLE "lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"harvest_date" date NOT NULL,
	"location" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"remaining" numeric(12, 2) NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lots_quantity_check" CHECK ("lots"."quantity" > 0),
	CONSTRAINT "lots_remaining_check" CHECK ("lots"."remaining" >= 0 and "lots"."remaining" <= "lots"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_item_lots" (
	"order_item_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"assigned_by_user_id" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_lots_order_item_id_lot_id_pk" PRIMARY KEY("order_item_id","lot_id"),
	CONSTRAINT "order_item_lots_quantity_check" CHECK ("order_item_lots"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_lot_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"reason" text NOT NULL,
	"lots" jsonb NOT NULL,
	"changed_by_user_id" integer,
	"changed_by_role" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lot_changes_reason_check" CHECK ("order_lot_changes"."reason" in ('assigned', 'cleared_by_adjustment'))
);
--> statement-breakpoint
CREATE TABLE "recall_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"recall_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "recalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"lot_code" text NOT NULL,
	"product_name" text NOT NULL,
	"message" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"lot_code" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"unit" text NOT NULL,
	"product_description" text NOT NULL,
	"traceability_category" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_location" text NOT NULL,
	"ship_from_name" text NOT NULL,
	"ship_from_location" text NOT NULL,
	"ship_date" date NOT NULL,
	"lot_code_source" text NOT NULL,
	"reference_document" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "traceability_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "traceability_category" text;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_lots" ADD CONSTRAINT "order_item_lots_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_lots" ADD CONSTRAINT "order_item_lots_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_lots" ADD CONSTRAINT "order_item_lots_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lot_changes" ADD CONSTRAINT "order_lot_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lot_changes" ADD CONSTRAINT "order_lot_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_acknowledged_by_user_id_users_id_fk" FOREIGN KEY ("acknowledged_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lots_farm_code_unique" ON "lots" USING btree ("farm_id",lower("code"));--> statement-breakpoint
CREATE INDEX "lots_farm_harvest_idx" ON "lots" USING btree ("farm_id","harvest_date","id");--> statement-breakpoint
CREATE INDEX "lots_product_idx" ON "lots" USING btree ("product_id","harvest_date");--> statement-breakpoint
CREATE INDEX "order_item_lots_lot_idx" ON "order_item_lots" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "order_lot_changes_order_idx" ON "order_lot_changes" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recall_notices_unique" ON "recall_notices" USING btree ("recall_id","restaurant_id");--> statement-breakpoint
CREATE INDEX "recall_notices_open_idx" ON "recall_notices" USING btree ("restaurant_id") WHERE "recall_notices"."acknowledged_at" is null;--> statement-breakpoint
CREATE INDEX "recalls_farm_created_idx" ON "recalls" USING btree ("farm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "recalls_lot_idx" ON "recalls" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "shipping_records_farm_idx" ON "shipping_records" USING btree ("farm_id","ship_date","id");--> statement-breakpoint
CREATE INDEX "shipping_records_restaurant_idx" ON "shipping_records" USING btree ("restaurant_id","ship_date","id");--> statement-breakpoint
CREATE INDEX "shipping_records_lot_idx" ON "shipping_records" USING btree ("lot_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_traceability_category_check" CHECK ("products"."traceability_category" in ('leafy_greens', 'herbs', 'tomatoes', 'cucumbers', 'peppers', 'melons', 'tropical_tree_fruits', 'fresh_cut', 'sprouts'));