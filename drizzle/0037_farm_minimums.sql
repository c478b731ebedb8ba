CREATE TABLE "customer_minimums" (
	"farm_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"mode" text NOT NULL,
	"fee" numeric(12, 2),
	CONSTRAINT "customer_minimums_pk" PRIMARY KEY("farm_id","restaurant_id"),
	CONSTRAINT "customer_minimums_amount_check" CHECK ("customer_minimums"."amount" >= 0),
	CONSTRAINT "customer_minimums_mode_check" CHECK ("customer_minimums"."mode" in ('block', 'fee', 'warn')),
	CONSTRAINT "customer_minimums_fee_check" CHECK (("customer_minimums"."mode" = 'fee') = ("customer_minimums"."fee" is not null) and coalesce("customer_minimums"."fee", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "farm_minimums" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"zone" text,
	"amount" numeric(12, 2) NOT NULL,
	"mode" text NOT NULL,
	"fee" numeric(12, 2),
	CONSTRAINT "farm_minimums_amount_check" CHECK ("farm_minimums"."amount" >= 0),
	CONSTRAINT "farm_minimums_mode_check" CHECK ("farm_minimums"."mode" in ('block', 'fee', 'warn')),
	CONSTRAINT "farm_minimums_fee_check" CHECK (("farm_minimums"."mode" = 'fee') = ("farm_minimums"."fee" is not null) and coalesce("farm_minimums"."fee", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "small_order_fee" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_minimums" ADD CONSTRAINT "customer_minimums_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_minimums" ADD CONSTRAINT "customer_minimums_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_minimums" ADD CONSTRAINT "farm_minimums_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "farm_minimums_farm_zone_unique" ON "farm_minimums" USING btree ("farm_id",coalesce("zone", ''));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_small_order_fee_check" CHECK ("orders"."small_order_fee" >= 0);--> statement-breakpoint
-- Every farm's minimum of today becomes its every-zone minimum in 'warn' mode, so nothing that
-- places today is refused or charged tomorrow (docs/minimums.md).
INSERT INTO "farm_minimums" ("farm_id", "zone", "amount", "mode", "fee")
SELECT "id", NULL, "order_minimum", 'warn', NULL FROM "farms" WHERE "order_minimum" > 0;
