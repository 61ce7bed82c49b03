-- A collection's search row takes its perks' words from their discovery rows instead of parsing
-- every perk's descriptions a second time (decision 100), and its category lexemes are made once.
-- The vectors are stripped (no positions), so `||` of two is the set union of their words, and
-- the words of texts joined by spaces are the union of each text's words. A perk's discovery row
-- holds its descriptions' words and the collection's title's, which the search row holds anyway:
-- while the perks' texts, each with the title, come to at most 200,000 characters together,
-- nothing was cut, and the union of the perks' rows is exactly what the search row held; past
-- that, the descriptions are parsed and cut as before.
CREATE AGGREGATE uds_words_union(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');--> statement-breakpoint
-- A perk's discovery row, as in 0007, with its collection's title read per perk by its key rather
-- than by joining the collections: a batch's perks are found by their collections' ids, which the
-- planner could not pass on to a join, and with a count of perks per collection estimated too
-- high it hashed every collection for each batch of a bulk load (each slower than the last).
CREATE OR REPLACE VIEW perk_search_source AS
SELECT p.id,
       p.collection_id,
       p.position,
       loc.lat,
       loc.long,
       d.ms AS date_ms,
       CASE WHEN d.ms IS NULL THEN NULL
            WHEN d.time_set THEN d.ms + 1
            ELSE (floor(d.ms / 86400000.0)::bigint + 1) * 86400000 END AS past_from,
       p.data ->> 'Status' AS status,
       (p.data ->> 'OneTime')::boolean AS one_time,
       coalesce((SELECT bit_or(1 << (array_position(ARRAY['Merch', 'Events', 'Gaming', 'Conference', 'Discounts', 'Voting', 'Food', 'Drink', 'IP Rights', 'Apparel', 'Video', 'Music/Audio', 'Virtual Property', 'Airdrops', 'Sports', 'eSports', 'Sustainability', 'Staking'], tag) - 1))
                   FROM jsonb_array_elements_text(p.data -> 'Tags') AS tag), 0) AS categories,
       uds_words(coalesce(p.data ->> 'ShortDescription', '')) AS short_tsv,
       uds_words(left(concat_ws(' ', p.data ->> 'ShortDescription', p.data ->> 'LongDescription',
                                (SELECT c.data ->> 'Title' FROM collections c WHERE c.id = p.collection_id)), 200000)) AS search_tsv
  FROM perks p,
       LATERAL (SELECT CASE WHEN p.data #> '{Location,latitude}' IS NOT NULL AND p.data #> '{Location,longitude}' IS NOT NULL
                            THEN (p.data #>> '{Location,latitude}')::float8
                            ELSE (p.data #>> '{Location,GeoPoint,_lat}')::float8 END AS lat,
                       CASE WHEN p.data #> '{Location,latitude}' IS NOT NULL AND p.data #> '{Location,longitude}' IS NOT NULL
                            THEN (p.data #>> '{Location,longitude}')::float8
                            ELSE (p.data #>> '{Location,GeoPoint,_long}')::float8 END AS long) loc,
       LATERAL (SELECT CASE WHEN jsonb_typeof(p.data -> 'Date') = 'object'
                            THEN (p.data #>> '{Date,dt,seconds}')::bigint * 1000 + (p.data #>> '{Date,dt,nanoseconds}')::bigint / 1000000 END AS ms,
                       (p.data #>> '{Date,timeSet}')::boolean AS time_set) d;--> statement-breakpoint
-- Every column of a collection's search row but the perks' words: `own_tsv` is the search words
-- without them, and `cut_perk_words` the perks' words where their texts are too long to be taken
-- from their rows (null otherwise).
CREATE VIEW collection_search_parts AS
SELECT c.id,
       c.lastmodified,
       b.bits AS categories,
       length(w.title) AS title_words,
       w.title || b.lexemes AS title_tsv,
       w.title || w.creator AS head_tsv,
       w.title || w.creator || w.description AS body_tsv,
       w.title || w.creator || w.description || b.lexemes AS own_tsv,
       CASE WHEN ps.text_length > 200000 THEN uds_words(left(coalesce(
         (SELECT string_agg(concat_ws(' ', p.data ->> 'ShortDescription', p.data ->> 'LongDescription'), ' ' ORDER BY p.position)
            FROM perks p WHERE p.collection_id = c.id), ''), 200000)) END AS cut_perk_words,
       coalesce(c.data ->> 'ContractChain', '') AS chain,
       c.data ->> 'ReleaseStatus' AS release_status,
       coalesce(ps.past, false) AS perk_past,
       ps.dated_first,
       ps.upcoming_last,
       left(lower(coalesce(c.data ->> 'Title', '')), 200) AS title_key
  FROM collections c,
       LATERAL (SELECT x.bits, uds_category_lexemes(x.bits) AS lexemes
                  FROM (SELECT coalesce((SELECT bit_or(1 << (array_position(ARRAY['Merch', 'Events', 'Gaming', 'Conference', 'Discounts', 'Voting', 'Food', 'Drink', 'IP Rights', 'Apparel', 'Video', 'Music/Audio', 'Virtual Property', 'Airdrops', 'Sports', 'eSports', 'Sustainability', 'Staking'], tag) - 1))
                                          FROM unnest(c.categories) AS tag), 0) AS bits) x) b,
       LATERAL (SELECT uds_words(coalesce(c.data ->> 'Title', '')) AS title,
                       uds_words(coalesce(c.data ->> 'Creator', '')) AS creator,
                       uds_words(coalesce(c.data ->> 'CollectionDescription', '')) AS description) w,
       LATERAL (SELECT bool_or(p.data ->> 'Status' = 'Past') AS past,
                       min(uds_perk_past_from(p.data)) FILTER (WHERE p.data ->> 'Status' IS DISTINCT FROM 'Past') AS dated_first,
                       max(coalesce(uds_perk_past_from(p.data), 9223372036854775807)) FILTER (WHERE p.data ->> 'Status' = 'Upcoming') AS upcoming_last,
                       sum(length(concat_ws(' ', p.data ->> 'ShortDescription', p.data ->> 'LongDescription', c.data ->> 'Title')) + 1) AS text_length
                  FROM perks p WHERE p.collection_id = c.id) ps;--> statement-breakpoint
-- The one definition of a collection's search row, whole: its parts with its perks' words.
-- Writes join the parts with the perk rows they compute in the same statement instead
-- (lib/collections/refresh.ts), the same words.
CREATE OR REPLACE VIEW collection_search_source AS
SELECT v.id,
       v.lastmodified,
       v.categories,
       v.title_words,
       v.title_tsv,
       v.head_tsv,
       v.body_tsv,
       v.own_tsv || coalesce(v.cut_perk_words, (SELECT uds_words_union(p.search_tsv) FROM perk_search_source p WHERE p.collection_id = v.id), '') AS search_tsv,
       v.chain,
       v.release_status,
       v.perk_past,
       v.dated_first,
       v.upcoming_last,
       v.title_key
  FROM collection_search_parts v;
