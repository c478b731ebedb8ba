ALTER TABLE "farms" ADD COLUMN "order_cutoff_days_before" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "order_cutoff_minutes" integer DEFAULT 1080 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "changed_by_role" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_area" text;--> statement-breakpoint
CREATE INDEX "orders_pending_day_idx" ON "orders" USING btree ("delivery_date","created_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_order_cutoff_check" CHECK ("farms"."order_cutoff_days_before" between 0 and 14 and "farms"."order_cutoff_minutes" between 0 and 1439);--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_role_check" CHECK ("order_status_history"."changed_by_role" in ('farmer', 'restaurant', 'system'));--> statement-breakpoint
-- Orders placed before zones were kept: the restaurant's zone when the farm delivered there that day, else the day's only zone.
UPDATE "orders" o SET "delivery_area" = s."delivery_area"
FROM "restaurants" r, "delivery_schedules" s
WHERE r."id" = o."restaurant_id" AND s."farm_id" = o."farm_id" AND s."delivery_date" = o."delivery_date"
  AND s."delivery_area" = initcap(replace(r."delivery_zone", '-', ' '));--> statement-breakpoint
UPDATE "orders" o SET "delivery_area" = (
  SELECT min(s."delivery_area") FROM "delivery_schedules" s
  WHERE s."farm_id" = o."farm_id" AND s."delivery_date" = o."delivery_date")
WHERE o."delivery_area" IS NULL AND o."delivery_date" IS NOT NULL AND (
  SELECT count(*) FROM "delivery_schedules" s
  WHERE s."farm_id" = o."farm_id" AND s."delivery_date" = o."delivery_date") = 1;--> statement-breakpoint
-- Until now only restaurants placed orders (the first row) and only farms moved them on.
UPDATE "order_status_history" SET "changed_by_role" = CASE WHEN "from_status" IS NULL THEN 'restaurant' ELSE 'farmer' END
WHERE "changed_by_user_id" IS NOT NULL;
