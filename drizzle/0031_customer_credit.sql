CREATE TABLE "customer_credit" (
	"farm_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"credit_limit" numeric(12, 2),
	"hold_after_days_overdue" integer,
	"mode" text DEFAULT 'hold' NOT NULL,
	"hold_kind" text,
	"hold_reason" text,
	"held_by_user_id" integer,
	"held_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_credit_farm_id_restaurant_id_pk" PRIMARY KEY("farm_id","restaurant_id"),
	CONSTRAINT "customer_credit_limit_check" CHECK ("customer_credit"."credit_limit" >= 0),
	CONSTRAINT "customer_credit_days_check" CHECK ("customer_credit"."hold_after_days_overdue" between 0 and 365),
	CONSTRAINT "customer_credit_mode_check" CHECK ("customer_credit"."mode" in ('warn', 'hold')),
	CONSTRAINT "customer_credit_hold_kind_check" CHECK ("customer_credit"."hold_kind" in ('automatic', 'manual')),
	CONSTRAINT "customer_credit_hold_check" CHECK (("customer_credit"."hold_kind" is null) = ("customer_credit"."hold_reason" is null) and ("customer_credit"."hold_kind" is null) = ("customer_credit"."held_at" is null))
);
--> statement-breakpoint
CREATE TABLE "customer_credit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"automatic" boolean NOT NULL,
	"reason" text NOT NULL,
	"by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_credit_events_kind_check" CHECK ("customer_credit_events"."kind" in ('hold', 'release', 'terms'))
);
--> statement-breakpoint
ALTER TABLE "customer_credit" ADD CONSTRAINT "customer_credit_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_credit" ADD CONSTRAINT "customer_credit_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_credit" ADD CONSTRAINT "customer_credit_held_by_user_id_users_id_fk" FOREIGN KEY ("held_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_credit_events" ADD CONSTRAINT "customer_credit_events_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_credit_events" ADD CONSTRAINT "customer_credit_events_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_credit_events" ADD CONSTRAINT "customer_credit_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "customer_credit_restaurant_idx" ON "customer_credit" USING btree ("restaurant_id");
--> statement-breakpoint
CREATE INDEX "customer_credit_events_pair_idx" ON "customer_credit_events" USING btree ("farm_id","restaurant_id","id");
