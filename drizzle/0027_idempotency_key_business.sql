-- An Idempotency-Key is the person's for the business they act for: a person of two
-- restaurants gets each its own answer. A stored answer names its business (the restaurant
-- that placed the orders, the farm that delivered), so the keys kept so far keep working; one
-- whose answer names none could never be asked for again and goes.
ALTER TABLE "idempotency_keys" ADD COLUMN "business_kind" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "business_id" integer;--> statement-breakpoint
UPDATE "idempotency_keys" SET
  "business_kind" = CASE WHEN "scope" = 'order-delivery' THEN 'farm' ELSE 'restaurant' END,
  "business_id" = CASE "scope"
    WHEN 'POST /api/orders' THEN ("response" -> 'restaurant' ->> 'id')::integer
    WHEN 'POST /api/checkout' THEN ("response" -> 'orders' -> 0 -> 'restaurant' ->> 'id')::integer
    WHEN 'order-delivery' THEN ("response" -> 'farm' ->> 'id')::integer
  END;--> statement-breakpoint
DELETE FROM "idempotency_keys" WHERE "business_id" IS NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "business_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_scope_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_business_kind_business_id_scope_key_pk" PRIMARY KEY("user_id","business_kind","business_id","scope","key");
