CREATE TABLE "team_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_kind" text NOT NULL,
	"farm_id" integer,
	"restaurant_id" integer,
	"email" text NOT NULL,
	"business_role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitations_business_check" CHECK (("team_invitations"."business_kind" = 'farm' and "team_invitations"."farm_id" is not null and "team_invitations"."restaurant_id" is null) or ("team_invitations"."business_kind" = 'restaurant' and "team_invitations"."restaurant_id" is not null and "team_invitations"."farm_id" is null)),
	CONSTRAINT "team_invitations_role_check" CHECK (("team_invitations"."business_kind" = 'farm' and "team_invitations"."business_role" in ('owner', 'manager', 'packer', 'bookkeeper')) or ("team_invitations"."business_kind" = 'restaurant' and "team_invitations"."business_role" in ('owner', 'buyer', 'bookkeeper')))
);
--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_idx" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_pending_farm_idx" ON "team_invitations" USING btree ("farm_id","email") WHERE "team_invitations"."accepted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_pending_restaurant_idx" ON "team_invitations" USING btree ("restaurant_id","email") WHERE "team_invitations"."accepted_at" is null;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Before teams, a restaurant's one account set up every standing order it has.
UPDATE "standing_orders" SET "created_by_user_id" = "restaurants"."user_id"
FROM "restaurants" WHERE "restaurants"."id" = "standing_orders"."restaurant_id";--> statement-breakpoint
-- When a member was last active is in nobody's view of themselves: only a change of who belongs
-- where, and with which role, tells the views to be read again (requests write last_active_at).
DROP TRIGGER "memberships_view_changed" ON "memberships";--> statement-breakpoint
CREATE TRIGGER "memberships_view_changed"
  AFTER INSERT OR DELETE OR UPDATE OF "user_id", "business_kind", "farm_id", "restaurant_id", "business_role"
  ON "memberships" FOR EACH ROW EXECUTE FUNCTION harvest_hui_user_changed();
