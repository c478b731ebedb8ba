CREATE TABLE "order_message_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_message_reads" (
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"last_read_message_id" integer NOT NULL,
	CONSTRAINT "order_message_reads_pk" PRIMARY KEY("user_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "order_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"author_user_id" integer,
	"author_side" text NOT NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_side_check" CHECK ("order_messages"."author_side" in ('farm', 'restaurant'))
);
--> statement-breakpoint
CREATE TABLE "substitutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"pack_label" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"preference" text NOT NULL,
	"substitute_product_id" integer,
	"substitute_pack_id" integer,
	"substitute_product_name" text,
	"substitute_pack_label" text,
	"substitute_quantity" numeric(12, 2),
	"substitute_unit_price" numeric(12, 2),
	"substitute_item_id" integer,
	"state" text NOT NULL,
	"deadline" timestamp with time zone,
	"proposed_by_user_id" integer,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by_user_id" integer,
	"decided_via" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "substitutions_state_check" CHECK ("substitutions"."state" in ('pending', 'accepted', 'declined', 'expired', 'shorted')),
	CONSTRAINT "substitutions_preference_check" CHECK ("substitutions"."preference" in ('allow', 'ask', 'never')),
	CONSTRAINT "substitutions_decided_via_check" CHECK ("substitutions"."decided_via" in ('app', 'email', 'system')),
	CONSTRAINT "substitutions_substitute_check" CHECK (("substitutions"."substitute_product_id" is null) = ("substitutions"."substitute_quantity" is null) and ("substitutions"."substitute_quantity" is null or "substitutions"."substitute_quantity" > 0)),
	CONSTRAINT "substitutions_pending_check" CHECK (("substitutions"."state" = 'pending') = ("substitutions"."deadline" is not null and "substitutions"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitution" text DEFAULT 'ask' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_for_item_id" integer;--> statement-breakpoint
ALTER TABLE "order_message_photos" ADD CONSTRAINT "order_message_photos_message_id_order_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."order_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_message_reads" ADD CONSTRAINT "order_message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_message_reads" ADD CONSTRAINT "order_message_reads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_substitute_product_id_products_id_fk" FOREIGN KEY ("substitute_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_substitute_pack_id_product_packs_id_fk" FOREIGN KEY ("substitute_pack_id") REFERENCES "public"."product_packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_message_photos_message_idx" ON "order_message_photos" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "substitutions_order_idx" ON "substitutions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "substitutions_pending_deadline_idx" ON "substitutions" USING btree ("deadline") WHERE "substitutions"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitution_check" CHECK ("order_items"."substitution" in ('allow', 'ask', 'never'));