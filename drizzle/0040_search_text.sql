-- Trigrams index a search's LIKE '%term%'. A trusted extension since PostgreSQL 13: the
-- database's owner may create it; PGlite loads it as the server opens the database.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower("farms"."name" || chr(10) || "farms"."location"), 'āēīōūĀĒĪŌŪʻʼ‘’`̄''', 'aeiouaeiou')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower("products"."name" || chr(10) || coalesce("products"."description", '')), 'āēīōūĀĒĪŌŪʻʼ‘’`̄''', 'aeiouaeiou')) STORED;--> statement-breakpoint
CREATE INDEX "farms_sort_name_idx" ON "farms" USING btree (translate(lower("name"), 'āēīōūĀĒĪŌŪʻʼ‘’`̄''', 'aeiouaeiou'),"id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_browse_farm_idx" ON "products" USING btree ("farm_id",translate(lower("name"), 'āēīōūĀĒĪŌŪʻʼ‘’`̄''', 'aeiouaeiou'),"id") WHERE "products"."is_active" and "products"."deleted_at" is null;