ALTER TABLE "collection_search" ADD COLUMN "chain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_search" ADD COLUMN "release_status" text;--> statement-breakpoint
ALTER TABLE "collection_search" ADD COLUMN "perk_past" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_search" ADD COLUMN "dated_first" bigint;--> statement-breakpoint
ALTER TABLE "collection_search" ADD COLUMN "upcoming_last" bigint;--> statement-breakpoint
ALTER TABLE "collection_search" ADD COLUMN "title_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_search_titles" ADD COLUMN "chain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_search_titles" ADD COLUMN "release_status" text;--> statement-breakpoint
ALTER TABLE "collection_search_titles" ADD COLUMN "perk_past" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_search_titles" ADD COLUMN "dated_first" bigint;--> statement-breakpoint
ALTER TABLE "collection_search_titles" ADD COLUMN "upcoming_last" bigint;--> statement-breakpoint
DROP VIEW collection_search_source;--> statement-breakpoint
-- The first moment (ms since 1970) a perk is over by its Date, as perkPastFrom
-- (lib/perks/lifecycle.ts): just after a timed date, the next UTC midnight after a date without a
-- time; null without a date.
CREATE FUNCTION uds_perk_past_from(perk jsonb) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN jsonb_typeof(perk -> 'Date' -> 'dt') <> 'object' OR perk -> 'Date' -> 'dt' IS NULL THEN NULL
              WHEN (perk -> 'Date' ->> 'timeSet')::boolean IS TRUE
              THEN (perk -> 'Date' -> 'dt' ->> 'seconds')::bigint * 1000 + (perk -> 'Date' -> 'dt' ->> 'nanoseconds')::bigint / 1000000 + 1
              ELSE (floor(((perk -> 'Date' -> 'dt' ->> 'seconds')::bigint * 1000 + (perk -> 'Date' -> 'dt' ->> 'nanoseconds')::bigint / 1000000) / 86400000.0)::bigint + 1) * 86400000 END;--> statement-breakpoint
-- The one definition of a collection's search row, as in 0004, with the filter columns after it.
-- A perk is Past when stored Past or once its date is over (lib/perks/lifecycle.ts); "now" moves,
-- so the row keeps what decides it at any time: perk_past (a stored Past), dated_first (the
-- earliest moment one of the other perks is over: Past from then on) and upcoming_last (the latest
-- such moment of the stored Upcoming perks, undated ones as the largest bigint: Upcoming until then).
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
            FROM perks p WHERE p.collection_id = c.id), ''), 200000)) || uds_category_lexemes(b.bits) AS search_tsv,
       coalesce(c.data ->> 'ContractChain', '') AS chain,
       c.data ->> 'ReleaseStatus' AS release_status,
       coalesce(ps.past, false) AS perk_past,
       ps.dated_first,
       ps.upcoming_last,
       left(lower(coalesce(c.data ->> 'Title', '')), 200) AS title_key
  FROM collections c,
       LATERAL (SELECT coalesce((SELECT bit_or(1 << (array_position(ARRAY['Merch', 'Events', 'Gaming', 'Conference', 'Discounts', 'Voting', 'Food', 'Drink', 'IP Rights', 'Apparel', 'Video', 'Music/Audio', 'Virtual Property', 'Airdrops', 'Sports', 'eSports', 'Sustainability', 'Staking'], tag) - 1))
                                   FROM unnest(c.categories) AS tag), 0) AS bits) b,
       LATERAL (SELECT uds_words(coalesce(c.data ->> 'Title', '')) AS title,
                       uds_words(coalesce(c.data ->> 'Creator', '')) AS creator,
                       uds_words(coalesce(c.data ->> 'CollectionDescription', '')) AS description) w,
       LATERAL (SELECT bool_or(p.data ->> 'Status' = 'Past') AS past,
                       min(uds_perk_past_from(p.data)) FILTER (WHERE p.data ->> 'Status' IS DISTINCT FROM 'Past') AS dated_first,
                       max(coalesce(uds_perk_past_from(p.data), 9223372036854775807)) FILTER (WHERE p.data ->> 'Status' = 'Upcoming') AS upcoming_last
                  FROM perks p WHERE p.collection_id = c.id) ps;--> statement-breakpoint
CREATE OR REPLACE FUNCTION uds_copy_search_titles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO collection_search_titles (id, title_words, lastmodified, title_tsv, chain, release_status, perk_past, dated_first, upcoming_last)
  SELECT id, title_words, lastmodified, title_tsv, chain, release_status, perk_past, dated_first, upcoming_last FROM changed
  ON CONFLICT (id) DO UPDATE
    SET title_words = excluded.title_words, lastmodified = excluded.lastmodified, title_tsv = excluded.title_tsv,
        chain = excluded.chain, release_status = excluded.release_status, perk_past = excluded.perk_past,
        dated_first = excluded.dated_first, upcoming_last = excluded.upcoming_last;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "collection_search" s
   SET "chain" = v.chain, "release_status" = v.release_status, "title_key" = v.title_key,
       "perk_past" = v.perk_past, "dated_first" = v.dated_first, "upcoming_last" = v.upcoming_last
  FROM collection_search_source v
 WHERE v.id = s.id;--> statement-breakpoint
CREATE INDEX "collection_search_chain_idx" ON "collection_search" USING btree ("chain");--> statement-breakpoint
CREATE INDEX "collection_search_title_key_idx" ON "collection_search" USING btree ("title_key","id");--> statement-breakpoint
-- A query that is a contract address finds its collection by this index, whatever the case.
CREATE INDEX "collections_contract_address_idx" ON "collections" USING btree (lower("data" ->> 'ContractAddress'));
