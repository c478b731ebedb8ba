CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"change" numeric(12, 2) NOT NULL,
	"quantity_after" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"order_item_id" integer,
	"actor_kind" text NOT NULL,
	"actor_user_id" integer,
	"actor_job" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('opening', 'sale', 'restaurant_change', 'farm_adjustment', 'cancellation', 'farmer_edit', 'correction')),
	CONSTRAINT "stock_movements_actor_check" CHECK ("stock_movements"."actor_kind" in ('person', 'system')),
	CONSTRAINT "stock_movements_after_check" CHECK ("stock_movements"."quantity_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "adjustment_allowance_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "changed_by_job" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_adjustment_allowance_check" CHECK ("farms"."adjustment_allowance_percent" between 0 and 25);--> statement-breakpoint
-- Every existing product opens its ledger with the stock it has, so its rows sum to its stock.
INSERT INTO "stock_movements" ("product_id", "change", "quantity_after", "reason", "actor_kind")
SELECT "id", "available_quantity", "available_quantity", 'opening', 'system' FROM "products" ORDER BY "id";
