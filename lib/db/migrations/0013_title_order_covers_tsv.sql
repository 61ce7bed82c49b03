-- The title order index also holds each title's words: a title-ordered page tests them on the
-- index alone (an index-only scan) instead of fetching every table row its walk passes. A seed
-- that stopped half way may have dropped the old index and listed it for rebuilding: it is
-- replaced here.
DROP INDEX IF EXISTS "collection_search_titles_order_idx";--> statement-breakpoint
DELETE FROM "deferred_indexes" WHERE "name" = 'collection_search_titles_order_idx';--> statement-breakpoint
CREATE INDEX "collection_search_titles_order_idx" ON "collection_search_titles" USING btree ("title_words","lastmodified" DESC NULLS LAST,"id") INCLUDE ("title_tsv");
