CREATE TABLE "collection_search" (
	"id" text PRIMARY KEY NOT NULL,
	"lastmodified" bigint NOT NULL,
	"categories" integer DEFAULT 0 NOT NULL,
	"title_words" integer DEFAULT 0 NOT NULL,
	"title_tsv" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"head_tsv" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"body_tsv" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"search_tsv" "tsvector" DEFAULT ''::tsvector NOT NULL
);
--> statement-breakpoint
DROP INDEX "collections_categories_idx";--> statement-breakpoint
DROP INDEX "collections_search_idx";--> statement-breakpoint
ALTER TABLE "collection_search" ADD CONSTRAINT "collection_search_id_collections_id_fk" FOREIGN KEY ("id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_search_recent_idx" ON "collection_search" USING btree ("lastmodified" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "collection_search_text_idx" ON "collection_search" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "collection_search_title_idx" ON "collection_search" USING gin ("title_tsv");--> statement-breakpoint
CREATE INDEX "collection_search_title_order_idx" ON "collection_search" USING btree ("title_words","lastmodified" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "collections" DROP COLUMN "title_tsv";--> statement-breakpoint
ALTER TABLE "collections" DROP COLUMN "search_tsv";--> statement-breakpoint
-- Searches must not scan a pending list that every write grows: entries go straight into the tree.
ALTER INDEX "collection_search_text_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "collection_search_title_idx" SET (fastupdate = off);--> statement-breakpoint
-- Punctuation splits words, as toTsQuery splits what people type; stripped: no positions or weights.
CREATE FUNCTION uds_words(input text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN strip(to_tsvector('simple', regexp_replace(input, '[[:punct:]]+', ' ', 'g')));--> statement-breakpoint
-- The one definition of a collection's search row, from its stored data, derived categories and
-- perks. Bits follow the contract's category order (lib/schemas/category-list.ts).
CREATE VIEW collection_search_source AS
SELECT c.id,
       c.lastmodified,
       coalesce((SELECT bit_or(1 << (array_position(ARRAY['Merch', 'Events', 'Gaming', 'Conference', 'Discounts', 'Voting', 'Food', 'Drink', 'IP Rights', 'Apparel', 'Video', 'Music/Audio', 'Virtual Property', 'Airdrops', 'Sports', 'eSports', 'Sustainability', 'Staking'], tag) - 1))
                   FROM unnest(c.categories) AS tag), 0) AS categories,
       length(w.title) AS title_words,
       w.title AS title_tsv,
       w.title || w.creator AS head_tsv,
       w.title || w.creator || w.description AS body_tsv,
       w.title || w.creator || w.description || uds_words(left(coalesce(
         (SELECT string_agg(concat_ws(' ', p.data ->> 'ShortDescription', p.data ->> 'LongDescription'), ' ' ORDER BY p.position)
            FROM perks p WHERE p.collection_id = c.id), ''), 200000)) AS search_tsv
  FROM collections c,
       LATERAL (SELECT uds_words(coalesce(c.data ->> 'Title', '')) AS title,
                       uds_words(coalesce(c.data ->> 'Creator', '')) AS creator,
                       uds_words(coalesce(c.data ->> 'CollectionDescription', '')) AS description) w;--> statement-breakpoint
INSERT INTO "collection_search" SELECT * FROM collection_search_source;
