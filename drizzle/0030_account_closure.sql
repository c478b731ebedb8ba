-- Leaving cleanly (docs/leaving.md): closed accounts, closed businesses, names kept as printed.
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "closed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "closed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD COLUMN "delivered_by_name" text;--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('approve', 'decline', 'suspend', 'reinstate', 'close'));
