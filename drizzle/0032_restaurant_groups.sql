-- Restaurant groups (docs/groups.md): several kitchens with one team, one bill per farm and one
-- payment.
CREATE TABLE "restaurant_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurant_groups" ADD CONSTRAINT "restaurant_groups_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "group_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"group_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_role_check" CHECK ("group_members"."group_role" in ('group_owner', 'group_bookkeeper', 'group_buyer'))
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_restaurant_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."restaurant_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_group_user_idx" ON "group_members" USING btree ("group_id","user_id");
--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");
--> statement-breakpoint
-- A location keeps its own row; the group only ties it in.
ALTER TABLE "restaurants" ADD COLUMN "group_id" integer;
--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_group_id_restaurant_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."restaurant_groups"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "restaurants_group_idx" ON "restaurants" USING btree ("group_id");
--> statement-breakpoint
-- One restaurant of one's own, but any number of a group's locations.
DROP INDEX "restaurants_user_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "restaurants_user_unique" ON "restaurants" USING btree ("user_id") WHERE "restaurants"."group_id" is null;
--> statement-breakpoint
-- A membership that a group gives its members in each location; removing the group member
-- removes these.
ALTER TABLE "memberships" ADD COLUMN "group_id" integer;
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_group_id_restaurant_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."restaurant_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "memberships_group_idx" ON "memberships" USING btree ("group_id","user_id");
--> statement-breakpoint
-- One payment a farm received from a group, split over the locations' invoices as payments rows.
CREATE TABLE "group_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"recorded_by_user_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by_user_id" integer,
	"void_reason" text,
	CONSTRAINT "group_payments_amount_check" CHECK ("group_payments"."amount" > 0),
	CONSTRAINT "group_payments_method_check" CHECK ("group_payments"."method" in ('check', 'cash', 'bank_transfer', 'other')),
	CONSTRAINT "group_payments_void_check" CHECK (("group_payments"."voided_at" is null) = ("group_payments"."void_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "group_payments" ADD CONSTRAINT "group_payments_group_id_restaurant_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."restaurant_groups"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_payments" ADD CONSTRAINT "group_payments_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_payments" ADD CONSTRAINT "group_payments_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_payments" ADD CONSTRAINT "group_payments_voided_by_user_id_users_id_fk" FOREIGN KEY ("voided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "group_payments_group_farm_idx" ON "group_payments" USING btree ("group_id","farm_id");
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "group_payment_id" integer;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_group_payment_id_group_payments_id_fk" FOREIGN KEY ("group_payment_id") REFERENCES "public"."group_payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "payments_group_payment_idx" ON "payments" USING btree ("group_payment_id");
--> statement-breakpoint
-- A month's statement announced once per group, farm and month.
CREATE TABLE "group_statement_notices" (
	"group_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_statement_notices_pk" PRIMARY KEY ("group_id","farm_id","month")
);
--> statement-breakpoint
ALTER TABLE "group_statement_notices" ADD CONSTRAINT "group_statement_notices_group_id_restaurant_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."restaurant_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_statement_notices" ADD CONSTRAINT "group_statement_notices_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- An invitation to a group by email, kept as the team's are: the token's SHA-256 only, once,
-- for 7 days.
CREATE TABLE "group_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"email" text NOT NULL,
	"group_role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_invitations_role_check" CHECK ("group_invitations"."group_role" in ('group_owner', 'group_bookkeeper', 'group_buyer'))
);
--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_group_id_restaurant_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."restaurant_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "group_invitations_token_idx" ON "group_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "group_invitations_pending_idx" ON "group_invitations" USING btree ("group_id","email") WHERE "group_invitations"."accepted_at" is null;
