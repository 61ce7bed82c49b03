-- The place index also holds the id: distance searches become index-only scans. A seed that
-- stopped half way may have dropped the old index and listed it for rebuilding: it is replaced here.
DROP INDEX IF EXISTS "perk_search_place_idx";--> statement-breakpoint
DELETE FROM "deferred_indexes" WHERE "name" = 'perk_search_place_idx';--> statement-breakpoint
CREATE INDEX "perk_search_place_idx" ON "perk_search" USING btree ("lat","long","id");
