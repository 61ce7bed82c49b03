-- The perk date order is read in parts, each an index range (decision 090). The date index holds
-- what a category or Status filter tests, so that the walk is index-only; the Past-marked perks
-- have an index of their own, so that those dated ahead are found without walking every later
-- date; the categories alone are the narrowest walk that counts a category's matches. A seed that
-- stopped half way may have dropped the old date index and listed it for rebuilding: it is
-- replaced here.
DROP INDEX IF EXISTS "perk_search_date_idx";--> statement-breakpoint
DELETE FROM "deferred_indexes" WHERE "name" = 'perk_search_date_idx';--> statement-breakpoint
CREATE INDEX "perk_search_date_idx" ON "perk_search" USING btree ("date_ms","id") INCLUDE ("categories","status","past_from");--> statement-breakpoint
CREATE INDEX "perk_search_marked_past_idx" ON "perk_search" USING btree ("date_ms","id") INCLUDE ("categories") WHERE status = 'Past';--> statement-breakpoint
CREATE INDEX "perk_search_categories_idx" ON "perk_search" USING btree ("categories");
