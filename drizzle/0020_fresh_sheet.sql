CREATE TABLE "farm_follows" (
	"restaurant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"followed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farm_follows_restaurant_id_farm_id_pk" PRIMARY KEY("restaurant_id","farm_id")
);
--> statement-breakpoint
CREATE TABLE "farm_pages" (
	"farm_id" integer PRIMARY KEY NOT NULL,
	"island" text,
	"cover_large_key" text,
	"cover_small_key" text,
	"cover_width" integer,
	"cover_height" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farm_pages_island_check" CHECK ("farm_pages"."island" in ('Oahu', 'Big Island', 'Maui', 'Kauai')),
	CONSTRAINT "farm_pages_cover_check" CHECK (("farm_pages"."cover_large_key" is null) = ("farm_pages"."cover_small_key" is null))
);
--> statement-breakpoint
CREATE TABLE "fresh_sheet_deliveries" (
	"send_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fresh_sheet_deliveries_send_id_restaurant_id_pk" PRIMARY KEY("send_id","restaurant_id"),
	CONSTRAINT "fresh_sheet_deliveries_status_check" CHECK ("fresh_sheet_deliveries"."status" in ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "fresh_sheet_schedules" (
	"farm_id" integer PRIMARY KEY NOT NULL,
	"weekday" integer NOT NULL,
	"hour" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"featured_product_ids" integer[] DEFAULT '{}' NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fresh_sheet_schedules_weekday_check" CHECK ("fresh_sheet_schedules"."weekday" between 0 and 6),
	CONSTRAINT "fresh_sheet_schedules_hour_check" CHECK ("fresh_sheet_schedules"."hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "fresh_sheet_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"sent_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"featured_product_ids" integer[] DEFAULT '{}' NOT NULL,
	"product_ids" integer[] DEFAULT '{}' NOT NULL,
	"trigger" text NOT NULL,
	"sent_by_user_id" integer,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fresh_sheet_sends_trigger_check" CHECK ("fresh_sheet_sends"."trigger" in ('now', 'schedule'))
);
--> statement-breakpoint
CREATE TABLE "fresh_sheet_unsubscribes" (
	"farm_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fresh_sheet_unsubscribes_farm_id_restaurant_id_pk" PRIMARY KEY("farm_id","restaurant_id")
);
--> statement-breakpoint
ALTER TABLE "farm_follows" ADD CONSTRAINT "farm_follows_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_follows" ADD CONSTRAINT "farm_follows_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_follows" ADD CONSTRAINT "farm_follows_followed_by_user_id_users_id_fk" FOREIGN KEY ("followed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_pages" ADD CONSTRAINT "farm_pages_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fresh_sheet_deliveries" ADD CONSTRAINT "fresh_sheet_deliveries_send_id_fresh_sheet_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."fresh_sheet_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fresh_sheet_deliveries" ADD CONSTRAINT "fresh_sheet_deliveries_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fresh_sheet_schedules" ADD CONSTRAINT "fresh_sheet_schedules_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fresh_sheet_schedules" ADD CONSTRAINT "fresh_sheet_schedules_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fresh_sheet_sends" ADD CONSTRAINT "fresh_sheet_sends_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fresh_sheet_sends" ADD CONSTRAINT "fresh_sheet_sends_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fresh_sheet_unsubscribes" ADD CONSTRAINT "fresh_sheet_unsubscribes_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fresh_sheet_unsubscribes" ADD CONSTRAINT "fresh_sheet_unsubscribes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "farm_follows_farm_idx" ON "farm_follows" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "fresh_sheet_schedules_slot_idx" ON "fresh_sheet_schedules" USING btree ("weekday","hour");--> statement-breakpoint
CREATE UNIQUE INDEX "fresh_sheet_sends_farm_day_unique" ON "fresh_sheet_sends" USING btree ("farm_id","sent_on");--> statement-breakpoint
CREATE INDEX "fresh_sheet_sends_farm_created_idx" ON "fresh_sheet_sends" USING btree ("farm_id","created_at");