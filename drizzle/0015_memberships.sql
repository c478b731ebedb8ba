CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_kind" text NOT NULL,
	"farm_id" integer,
	"restaurant_id" integer,
	"business_role" text NOT NULL,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_business_check" CHECK (("memberships"."business_kind" = 'farm' and "memberships"."farm_id" is not null and "memberships"."restaurant_id" is null) or ("memberships"."business_kind" = 'restaurant' and "memberships"."restaurant_id" is not null and "memberships"."farm_id" is null)),
	CONSTRAINT "memberships_role_check" CHECK (("memberships"."business_kind" = 'farm' and "memberships"."business_role" in ('owner', 'manager', 'packer', 'bookkeeper')) or ("memberships"."business_kind" = 'restaurant' and "memberships"."business_role" in ('owner', 'buyer', 'bookkeeper')))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_membership_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_user_farm_idx" ON "memberships" USING btree ("user_id","farm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_user_restaurant_idx" ON "memberships" USING btree ("user_id","restaurant_id");--> statement-breakpoint
CREATE INDEX "memberships_farm_idx" ON "memberships" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "memberships_restaurant_idx" ON "memberships" USING btree ("restaurant_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_membership_id_memberships_id_fk" FOREIGN KEY ("acting_membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every existing account owns the businesses it made, and notices nothing else.
INSERT INTO "memberships" ("user_id", "business_kind", "farm_id", "business_role", "created_at")
SELECT "user_id", 'farm', "id", 'owner', "created_at" FROM "farms" ORDER BY "id";--> statement-breakpoint
INSERT INTO "memberships" ("user_id", "business_kind", "restaurant_id", "business_role", "created_at")
SELECT "user_id", 'restaurant', "id", 'owner', "created_at" FROM "restaurants" ORDER BY "id";--> statement-breakpoint
-- A farm's or restaurant's profile is in the view of every member, not only of the person who
-- made it: a change tells each member's view to be read again.
CREATE FUNCTION harvest_hui_business_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  business_id integer;
  member integer;
BEGIN
  IF TG_OP = 'DELETE' THEN business_id := OLD.id; ELSE business_id := NEW.id; END IF;
  FOR member IN
    SELECT "user_id" FROM "memberships"
    WHERE (TG_TABLE_NAME = 'farms' AND "farm_id" = business_id)
       OR (TG_TABLE_NAME = 'restaurants' AND "restaurant_id" = business_id)
  LOOP
    PERFORM pg_notify('harvest_hui_live_events',
      json_build_object('type', 'user.changed', 'userId', member)::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER farms_members_view_changed AFTER UPDATE ON "farms"
  FOR EACH ROW EXECUTE FUNCTION harvest_hui_business_changed();--> statement-breakpoint
CREATE TRIGGER restaurants_members_view_changed AFTER UPDATE ON "restaurants"
  FOR EACH ROW EXECUTE FUNCTION harvest_hui_business_changed();--> statement-breakpoint
CREATE TRIGGER memberships_view_changed AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION harvest_hui_user_changed();
--> statement-breakpoint
-- Whoever makes a farm or a restaurant owns it, however the row was made (sign-up, demo data,
-- a script): the business never exists without an owner.
CREATE FUNCTION harvest_hui_business_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'farms' THEN
    INSERT INTO "memberships" ("user_id", "business_kind", "farm_id", "business_role")
    VALUES (NEW.user_id, 'farm', NEW.id, 'owner') ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "memberships" ("user_id", "business_kind", "restaurant_id", "business_role")
    VALUES (NEW.user_id, 'restaurant', NEW.id, 'owner') ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER farms_owner_membership AFTER INSERT ON "farms"
  FOR EACH ROW EXECUTE FUNCTION harvest_hui_business_owner();--> statement-breakpoint
CREATE TRIGGER restaurants_owner_membership AFTER INSERT ON "restaurants"
  FOR EACH ROW EXECUTE FUNCTION harvest_hui_business_owner();
