-- Admission and suspension of businesses, and the admin audit log (docs/admission.md). Farms
-- that exist already are approved: the column's default fills them in.
CREATE TABLE "admin_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"business_kind" text NOT NULL,
	"business_id" integer NOT NULL,
	"business_name" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('approve', 'decline', 'suspend', 'reinstate')),
	CONSTRAINT "admin_actions_kind_check" CHECK ("admin_actions"."business_kind" in ('farm', 'restaurant'))
);
--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "approval_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_actions_business_idx" ON "admin_actions" USING btree ("business_kind","business_id");--> statement-breakpoint
CREATE INDEX "farms_pending_idx" ON "farms" USING btree ("created_at","id") WHERE "farms"."approval_status" = 'pending';--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_approval_status_check" CHECK ("farms"."approval_status" in ('pending', 'approved', 'declined'));--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_decline_reason_check" CHECK (("farms"."approval_status" = 'declined') = ("farms"."decline_reason" is not null));--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_suspension_check" CHECK (("farms"."suspended_at" is null) = ("farms"."suspension_reason" is null));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_suspension_check" CHECK (("restaurants"."suspended_at" is null) = ("restaurants"."suspension_reason" is null));