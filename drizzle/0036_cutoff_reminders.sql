CREATE TABLE "cutoff_reminder_opt_outs" (
	"user_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cutoff_reminder_opt_outs_pk" PRIMARY KEY("user_id","farm_id")
);
--> statement-breakpoint
CREATE TABLE "cutoff_reminders" (
	"restaurant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cutoff_reminders_pk" PRIMARY KEY("restaurant_id","farm_id","delivery_date")
);
--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "reminder_hours_before_cutoff" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "cutoff_reminder_opt_outs" ADD CONSTRAINT "cutoff_reminder_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cutoff_reminder_opt_outs" ADD CONSTRAINT "cutoff_reminder_opt_outs_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cutoff_reminders" ADD CONSTRAINT "cutoff_reminders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cutoff_reminders" ADD CONSTRAINT "cutoff_reminders_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_farm_day_idx" ON "orders" USING btree ("farm_id","delivery_date","restaurant_id");--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_reminder_hours_check" CHECK ("farms"."reminder_hours_before_cutoff" between 0 and 48);