CREATE TABLE "order_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"product_unit" text NOT NULL,
	"from_quantity" numeric(12, 2) NOT NULL,
	"to_quantity" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"from_total" numeric(12, 2) NOT NULL,
	"to_total" numeric(12, 2) NOT NULL,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_adjustments_quantity_check" CHECK ("order_adjustments"."from_quantity" >= 0 and "order_adjustments"."to_quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "quantity" SET DATA TYPE numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "available_quantity" SET DATA TYPE numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "ordered_quantity" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "adjusted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_adjustments_order_idx" ON "order_adjustments" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_ordered_quantity_check" CHECK ("order_items"."ordered_quantity" > 0);