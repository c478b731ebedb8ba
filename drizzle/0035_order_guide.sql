CREATE TABLE "order_guide_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"position" integer NOT NULL,
	"par_mon" integer DEFAULT 0 NOT NULL,
	"par_tue" integer DEFAULT 0 NOT NULL,
	"par_wed" integer DEFAULT 0 NOT NULL,
	"par_thu" integer DEFAULT 0 NOT NULL,
	"par_fri" integer DEFAULT 0 NOT NULL,
	"par_sat" integer DEFAULT 0 NOT NULL,
	"par_sun" integer DEFAULT 0 NOT NULL,
	"substitution" text DEFAULT 'ask' NOT NULL,
	CONSTRAINT "order_guide_items_pars_check" CHECK ("order_guide_items"."par_mon" >= 0 and "order_guide_items"."par_tue" >= 0 and "order_guide_items"."par_wed" >= 0 and "order_guide_items"."par_thu" >= 0 and "order_guide_items"."par_fri" >= 0 and "order_guide_items"."par_sat" >= 0 and "order_guide_items"."par_sun" >= 0),
	CONSTRAINT "order_guide_items_substitution_check" CHECK ("order_guide_items"."substitution" in ('allow', 'ask', 'never'))
);
--> statement-breakpoint
CREATE TABLE "order_guide_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_guides" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_guide_items" ADD CONSTRAINT "order_guide_items_section_id_order_guide_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."order_guide_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_items" ADD CONSTRAINT "order_guide_items_restaurant_id_order_guides_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."order_guides"("restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_items" ADD CONSTRAINT "order_guide_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_items" ADD CONSTRAINT "order_guide_items_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_sections" ADD CONSTRAINT "order_guide_sections_restaurant_id_order_guides_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."order_guides"("restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guides" ADD CONSTRAINT "order_guides_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guides" ADD CONSTRAINT "order_guides_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_guide_items_pack_unique" ON "order_guide_items" USING btree ("restaurant_id","product_id","pack_id");--> statement-breakpoint
CREATE INDEX "order_guide_items_section_idx" ON "order_guide_items" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "order_guide_items_product_idx" ON "order_guide_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_guide_sections_name_unique" ON "order_guide_sections" USING btree ("restaurant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "order_guide_sections_position_unique" ON "order_guide_sections" USING btree ("restaurant_id","position");