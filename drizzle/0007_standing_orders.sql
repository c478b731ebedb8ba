CREATE TABLE "standing_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"standing_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"seen_unit_price" numeric(12, 2) NOT NULL,
	CONSTRAINT "standing_order_lines_quantity_check" CHECK ("standing_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "standing_order_runs" (
	"standing_order_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"outcome" text NOT NULL,
	"order_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_order_runs_standing_order_id_delivery_date_pk" PRIMARY KEY("standing_order_id","delivery_date"),
	CONSTRAINT "standing_order_runs_outcome_check" CHECK ("standing_order_runs"."outcome" in ('placed', 'skipped', 'not_placed'))
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"weekdays" integer[] NOT NULL,
	"days_before" integer DEFAULT 3 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"notes" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_orders_days_before_check" CHECK ("standing_orders"."days_before" between 0 and 14),
	CONSTRAINT "standing_orders_weekdays_check" CHECK (cardinality("standing_orders"."weekdays") between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "standing_order_id" integer;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD CONSTRAINT "standing_order_lines_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD CONSTRAINT "standing_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_order_lines_product_unique" ON "standing_order_lines" USING btree ("standing_order_id","product_id");--> statement-breakpoint
CREATE INDEX "standing_orders_restaurant_idx" ON "standing_orders" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "standing_orders_active_idx" ON "standing_orders" USING btree ("farm_id") WHERE "standing_orders"."deleted_at" is null and not "standing_orders"."paused";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE no action ON UPDATE no action;