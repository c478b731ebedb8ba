DROP INDEX "products_browse_name_idx";--> statement-breakpoint
DROP INDEX "products_browse_price_idx";--> statement-breakpoint
CREATE INDEX "products_browse_name_idx" ON "products" USING btree (translate(lower("name"), 'āēīōūĀĒĪŌŪʻʼ‘’`̄''', 'aeiouaeiou'),"id") WHERE "products"."is_active" and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_browse_price_idx" ON "products" USING btree ("price",translate(lower("name"), 'āēīōūĀĒĪŌŪʻʼ‘’`̄''', 'aeiouaeiou'),"id") WHERE "products"."is_active" and "products"."deleted_at" is null;