CREATE SEQUENCE "public"."collection_search_docs" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "search_bitmap_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_bitmap_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"doc" integer NOT NULL,
	"old_terms" text[],
	"new_terms" text[]
);
--> statement-breakpoint
CREATE TABLE "search_bitmaps" (
	"term" text COLLATE "C" NOT NULL,
	"chunk" integer NOT NULL,
	"bits" bit varying NOT NULL,
	CONSTRAINT "search_bitmaps_term_chunk_pk" PRIMARY KEY("term","chunk")
);
--> statement-breakpoint
CREATE TABLE "search_bitmaps_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"built_at" timestamp with time zone,
	CONSTRAINT "search_bitmaps_state_one_row" CHECK ("search_bitmaps_state"."id")
);
--> statement-breakpoint
ALTER TABLE "collection_search" ADD COLUMN "doc" integer DEFAULT nextval('collection_search_docs') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_search_doc_idx" ON "collection_search" USING btree ("doc");--> statement-breakpoint
-- The terms a search row is found by in search_bitmaps: `a:` each lexeme of search_tsv (category
-- lexemes `#i` included), `p:` the first 1 to 3 characters of each word lexeme (a typed prefix of
-- up to 3 characters is then one bitmap, not an OR of hundreds), `t:` and `q:` the same for
-- title_tsv, `c:` the chain, `w:` the number of title words (which orders title matches). The one
-- definition, used by the triggers below (bitmapTermsOf in lib/search/bitmaps.ts is held equal).
CREATE FUNCTION uds_bitmap_terms(search tsvector, title tsvector, chain text, title_words integer) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(
    SELECT 'a:' || l FROM unnest(tsvector_to_array(search)) AS l
    UNION ALL
    SELECT DISTINCT 'p:' || left(l, k) FROM unnest(tsvector_to_array(search)) AS l, generate_series(1, 3) AS k
     WHERE length(l) >= k AND l NOT LIKE '#%'
    UNION ALL
    SELECT 't:' || l FROM unnest(tsvector_to_array(title)) AS l
    UNION ALL
    SELECT DISTINCT 'q:' || left(l, k) FROM unnest(tsvector_to_array(title)) AS l, generate_series(1, 3) AS k
     WHERE length(l) >= k AND l NOT LIKE '#%'
    UNION ALL
    SELECT 'c:' || chain
    UNION ALL
    SELECT 'w:' || title_words)
$$;--> statement-breakpoint
-- Bits of one 65,536-doc chunk set at the given positions: the masks an apply ORs in or clears.
-- set_bit copies the whole string, so many positions are gathered in an integer array (updated in
-- place) and turned into bits once.
CREATE FUNCTION uds_bit_mask(positions integer[]) RETURNS bit varying LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  mask bit varying := B'0'::bit(65536);
  words integer[];
  position integer;
BEGIN
  IF coalesce(cardinality(positions), 0) <= 32 THEN
    FOREACH position IN ARRAY coalesce(positions, '{}') LOOP
      mask := set_bit(mask, position, 1);
    END LOOP;
    RETURN mask;
  END IF;
  words := array_fill(0, ARRAY[2048]);
  FOREACH position IN ARRAY positions LOOP
    words[position / 32 + 1] := words[position / 32 + 1] | (1 << (31 - position % 32));
  END LOOP;
  RETURN ('x' || (SELECT string_agg(lpad(to_hex(w), 8, '0'), '' ORDER BY i) FROM unnest(words) WITH ORDINALITY AS u(w, i)))::bit varying;
END
$$;--> statement-breakpoint
-- Every writer of search rows queues what it changed in its own transaction. A bulk load (the
-- seeder) sets uds.defer_search_bitmaps for its session and rebuilds the bitmaps when done.
-- Inserts queue the new terms, deletes the old ones (one function for both: `changed` holds the rows).
CREATE FUNCTION uds_queue_bitmap_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('uds.defer_search_bitmaps', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO search_bitmap_changes (doc, old_terms, new_terms)
  SELECT doc, CASE WHEN TG_OP = 'DELETE' THEN terms END, CASE WHEN TG_OP = 'INSERT' THEN terms END
    FROM (SELECT doc, uds_bitmap_terms(search_tsv, title_tsv, chain, title_words) AS terms FROM changed) AS c;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION uds_queue_bitmap_updates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('uds.defer_search_bitmaps', true) = 'on' THEN RETURN NULL; END IF;
  -- Only rows whose terms can have changed; a row that moved to another doc leaves one and joins another.
  INSERT INTO search_bitmap_changes (doc, old_terms, new_terms)
  SELECT d.doc, d.old_terms, d.new_terms
    FROM old_rows o JOIN new_rows n ON n.id = o.id,
         LATERAL (SELECT uds_bitmap_terms(o.search_tsv, o.title_tsv, o.chain, o.title_words) AS old_terms,
                         uds_bitmap_terms(n.search_tsv, n.title_tsv, n.chain, n.title_words) AS new_terms) t,
         LATERAL (SELECT o.doc, t.old_terms, t.new_terms WHERE o.doc = n.doc
                  UNION ALL SELECT o.doc, t.old_terms, NULL WHERE o.doc <> n.doc
                  UNION ALL SELECT n.doc, NULL, t.new_terms WHERE o.doc <> n.doc) d
   WHERE o.doc <> n.doc OR o.search_tsv IS DISTINCT FROM n.search_tsv OR o.title_tsv IS DISTINCT FROM n.title_tsv
      OR o.chain IS DISTINCT FROM n.chain OR o.title_words IS DISTINCT FROM n.title_words;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER collection_search_bitmaps_insert AFTER INSERT ON collection_search
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION uds_queue_bitmap_rows();--> statement-breakpoint
CREATE TRIGGER collection_search_bitmaps_update AFTER UPDATE ON collection_search
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION uds_queue_bitmap_updates();--> statement-breakpoint
CREATE TRIGGER collection_search_bitmaps_delete AFTER DELETE ON collection_search
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION uds_queue_bitmap_rows();--> statement-breakpoint
-- An emptied table has empty bitmaps: still a true picture of it.
CREATE FUNCTION uds_forget_search_bitmaps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_bitmaps;
  DELETE FROM search_bitmap_changes;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER collection_search_bitmaps_truncate AFTER TRUNCATE ON collection_search
  FOR EACH STATEMENT EXECUTE FUNCTION uds_forget_search_bitmaps();--> statement-breakpoint
-- An empty store is built already; a store with rows is built by the app in the background
-- (searches count rows until then).
INSERT INTO search_bitmaps_state (id, built_at)
SELECT true, CASE WHEN EXISTS (SELECT 1 FROM collection_search) THEN NULL ELSE now() END;
--> statement-breakpoint
-- The new column rewrote the table: plans (and the page choice in search.ts) read its row estimate.
ANALYZE collection_search;
