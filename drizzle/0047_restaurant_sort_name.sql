-- A restaurant's name folded once when written: the administrator's list sorts and searches by
-- it, and folded every name of 10,000 restaurants on each search.
ALTER TABLE "restaurants" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (translate(lower("restaurants"."name"), 'āēīōūĀĒĪŌŪʻʼ‘’`̄''', 'aeiouaeiou')) STORED;--> statement-breakpoint
CREATE INDEX "restaurants_sort_name_idx" ON "restaurants" USING btree ("sort_name","id");