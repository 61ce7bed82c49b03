CREATE TABLE "collection_search_titles" (
	"id" text PRIMARY KEY NOT NULL,
	"title_words" integer NOT NULL,
	"lastmodified" bigint NOT NULL,
	"title_tsv" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "collection_search_title_idx";--> statement-breakpoint
DROP INDEX "collection_search_title_order_idx";--> statement-breakpoint
-- Rebuilt below after the vectors gain their category lexemes: one build instead of 100,000 updates.
DROP INDEX "collection_search_text_idx";--> statement-breakpoint
-- A lexeme '#i' for each category bit i. Text reaches vectors and queries only through uds_words and
-- toTsQuery, which both drop punctuation, so nothing a person types can match one of these.
CREATE FUNCTION uds_category_lexemes(bits integer) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN array_to_tsvector(ARRAY(SELECT '#' || i FROM generate_series(0, 17) AS i WHERE bits & (1 << i) <> 0));--> statement-breakpoint
DROP VIEW collection_search_source;--> statement-breakpoint
-- The one definition of a collection's search row, as in 0003, with the category lexemes added to
-- title_tsv and search_tsv so that a category filter is part of the GIN match.
CREATE VIEW collection_search_source AS
SELECT c.id,
       c.lastmodified,
       b.bits AS categories,
       length(w.title) AS title_words,
       w.title || uds_category_lexemes(b.bits) AS title_tsv,
       w.title || w.creator AS head_tsv,
       w.title || w.creator || w.description AS body_tsv,
       w.title || w.creator || w.description || uds_words(left(coalesce(
         (SELECT string_agg(concat_ws(' ', p.data ->> 'ShortDescription', p.data ->> 'LongDescription'), ' ' ORDER BY p.position)
            FROM perks p WHERE p.collection_id = c.id), ''), 200000)) || uds_category_lexemes(b.bits) AS search_tsv
  FROM collections c,
       LATERAL (SELECT coalesce((SELECT bit_or(1 << (array_position(ARRAY['Merch', 'Events', 'Gaming', 'Conference', 'Discounts', 'Voting', 'Food', 'Drink', 'IP Rights', 'Apparel', 'Video', 'Music/Audio', 'Virtual Property', 'Airdrops', 'Sports', 'eSports', 'Sustainability', 'Staking'], tag) - 1))
                                   FROM unnest(c.categories) AS tag), 0) AS bits) b,
       LATERAL (SELECT uds_words(coalesce(c.data ->> 'Title', '')) AS title,
                       uds_words(coalesce(c.data ->> 'Creator', '')) AS creator,
                       uds_words(coalesce(c.data ->> 'CollectionDescription', '')) AS description) w;--> statement-breakpoint
UPDATE "collection_search"
   SET "title_tsv" = "title_tsv" || uds_category_lexemes("categories"),
       "search_tsv" = "search_tsv" || uds_category_lexemes("categories");--> statement-breakpoint
INSERT INTO "collection_search_titles" SELECT "id", "title_words", "lastmodified", "title_tsv" FROM "collection_search";--> statement-breakpoint
ALTER TABLE "collection_search_titles" ADD CONSTRAINT "collection_search_titles_id_collection_search_id_fk" FOREIGN KEY ("id") REFERENCES "public"."collection_search"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- fastupdate off as in 0003: searches must not scan a pending list that every write grows.
CREATE INDEX "collection_search_text_idx" ON "collection_search" USING gin ("search_tsv") WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "collection_search_titles_tsv_idx" ON "collection_search_titles" USING gin ("title_tsv") WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "collection_search_titles_order_idx" ON "collection_search_titles" USING btree ("title_words","lastmodified" DESC NULLS LAST,"id");--> statement-breakpoint
-- Whatever statement writes search rows (the write path, seeding, a test's bulk insert) writes
-- their title rows in the same statement, so the two tables cannot disagree in any snapshot.
CREATE FUNCTION uds_copy_search_titles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO collection_search_titles (id, title_words, lastmodified, title_tsv)
  SELECT id, title_words, lastmodified, title_tsv FROM changed
  ON CONFLICT (id) DO UPDATE
    SET title_words = excluded.title_words, lastmodified = excluded.lastmodified, title_tsv = excluded.title_tsv;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A trigger with transition tables takes one event, hence two. Deletes cascade through the key.
CREATE TRIGGER collection_search_titles_insert AFTER INSERT ON collection_search
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION uds_copy_search_titles();--> statement-breakpoint
CREATE TRIGGER collection_search_titles_update AFTER UPDATE ON collection_search
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION uds_copy_search_titles();
