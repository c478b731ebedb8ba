ALTER TABLE "farms" ADD COLUMN "tax_rate" numeric(6, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate" numeric(6, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_tax_rate_check" CHECK ("farms"."tax_rate" between 0 and 10);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_check" CHECK ("orders"."tax_rate" between 0 and 10 and "orders"."tax_amount" >= 0);