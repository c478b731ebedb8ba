-- Catch weight (docs/catch-weight.md): a product may be charged per pound (kg, oz) on what the
-- scale says at packing; lines keep the estimate, the weight, who weighed it and when.
CREATE TABLE "order_item_weights" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"weight" numeric(12, 2) NOT NULL,
	"weights" jsonb,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_weights_kind_check" CHECK ("order_item_weights"."kind" in ('weighed', 'accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weight_unit" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pack_weight" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weight" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weights" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weighed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weighed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weight_decision" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_unit" text;--> statement-breakpoint
ALTER TABLE "order_item_weights" ADD CONSTRAINT "order_item_weights_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_weights" ADD CONSTRAINT "order_item_weights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_weights_item_idx" ON "order_item_weights" USING btree ("order_item_id","id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_weighed_by_user_id_users_id_fk" FOREIGN KEY ("weighed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_weight_check" CHECK (("order_items"."weight_unit" is null) = ("order_items"."pack_weight" is null) and "order_items"."weight" > 0);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_weight_decision_check" CHECK ("order_items"."weight_decision" in ('pending', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_unit_check" CHECK ("products"."weight_unit" in ('lb', 'kg', 'oz'));