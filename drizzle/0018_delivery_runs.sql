CREATE TABLE "delivery_run_stops" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"name" text NOT NULL,
	"default_zone" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_run_stops" ADD CONSTRAINT "delivery_run_stops_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_run_stops" ADD CONSTRAINT "delivery_run_stops_run_id_delivery_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."delivery_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_runs" ADD CONSTRAINT "delivery_runs_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_run_stops_run_idx" ON "delivery_run_stops" USING btree ("run_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_runs_farm_day_name_unique" ON "delivery_runs" USING btree ("farm_id","delivery_date","name");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_runs_farm_day_zone_unique" ON "delivery_runs" USING btree ("farm_id","delivery_date","default_zone") WHERE "delivery_runs"."default_zone" is not null;