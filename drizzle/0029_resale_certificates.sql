ALTER TABLE "farms" ADD COLUMN "get_wholesale_rate" numeric(6, 4);--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "get_pass_on_rate" numeric(6, 4);--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_get_rule_check" CHECK (("farms"."get_wholesale_rate" is null) = ("farms"."get_pass_on_rate" is null) and "farms"."get_wholesale_rate" between 0 and 10 and "farms"."get_pass_on_rate" between 0 and 10);--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "get_license_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_reason" text;--> statement-breakpoint
CREATE TABLE "resale_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"license_number" text NOT NULL,
	"goods_description" text NOT NULL,
	"effective_from" date NOT NULL,
	"ends_on" date,
	"signed_by_user_id" integer,
	"signed_by_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"effective_until" date,
	"revoked_at" timestamp with time zone,
	"revoked_by_user_id" integer,
	"revoked_by_name" text,
	"revoked_by_kind" text,
	CONSTRAINT "resale_certificates_period_check" CHECK ("resale_certificates"."ends_on" is null or "resale_certificates"."ends_on" >= "resale_certificates"."effective_from"),
	CONSTRAINT "resale_certificates_revocation_check" CHECK (("resale_certificates"."revoked_at" is null) = ("resale_certificates"."effective_until" is null) and ("resale_certificates"."revoked_at" is null) = ("resale_certificates"."revoked_by_name" is null) and ("resale_certificates"."revoked_by_kind" is null or "resale_certificates"."revoked_by_kind" in ('farm', 'restaurant')))
);
--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resale_certificates_pair_idx" ON "resale_certificates" USING btree ("restaurant_id","farm_id");--> statement-breakpoint
CREATE INDEX "resale_certificates_farm_idx" ON "resale_certificates" USING btree ("farm_id","id");
