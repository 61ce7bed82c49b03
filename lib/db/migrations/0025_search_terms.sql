CREATE TABLE "collection_search_terms" (
	"doc" integer PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL
);
--> statement-breakpoint
-- The triggers of migration 0010, now keeping each row's terms in collection_search_terms as they
-- queue them: an edit reads its old row's terms there instead of computing them a second time.
-- A stored entry is always its doc's current terms: a bulk load (uds.defer_search_bitmaps) stores
-- none and removes those of the rows it changes; a doc without one has them computed as before.
CREATE OR REPLACE FUNCTION uds_queue_bitmap_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    WITH gone AS (DELETE FROM collection_search_terms k USING changed c WHERE k.doc = c.doc RETURNING k.doc, k.terms)
    INSERT INTO search_bitmap_changes (doc, old_terms, new_terms)
    SELECT c.doc, coalesce(g.terms, uds_bitmap_terms(c.search_tsv, c.title_tsv, c.chain, c.title_words)), NULL
      FROM changed c LEFT JOIN gone g ON g.doc = c.doc
     WHERE current_setting('uds.defer_search_bitmaps', true) IS DISTINCT FROM 'on';
    RETURN NULL;
  END IF;
  IF current_setting('uds.defer_search_bitmaps', true) = 'on' THEN RETURN NULL; END IF;
  WITH t AS (SELECT doc, uds_bitmap_terms(search_tsv, title_tsv, chain, title_words) AS terms FROM changed),
       kept AS (INSERT INTO collection_search_terms (doc, terms) SELECT doc, terms FROM t
                ON CONFLICT (doc) DO UPDATE SET terms = excluded.terms)
  INSERT INTO search_bitmap_changes (doc, old_terms, new_terms) SELECT doc, NULL, terms FROM t;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION uds_queue_bitmap_updates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('uds.defer_search_bitmaps', true) = 'on' THEN
    DELETE FROM collection_search_terms k USING old_rows o WHERE k.doc = o.doc;
    RETURN NULL;
  END IF;
  -- Only rows whose terms can have changed; a row that moved to another doc leaves one and joins another.
  WITH t AS (
    SELECT o.doc AS old_doc, n.doc AS new_doc,
           coalesce(k.terms, uds_bitmap_terms(o.search_tsv, o.title_tsv, o.chain, o.title_words)) AS old_terms,
           uds_bitmap_terms(n.search_tsv, n.title_tsv, n.chain, n.title_words) AS new_terms
      FROM old_rows o JOIN new_rows n ON n.id = o.id LEFT JOIN collection_search_terms k ON k.doc = o.doc
     WHERE o.doc <> n.doc OR o.search_tsv IS DISTINCT FROM n.search_tsv OR o.title_tsv IS DISTINCT FROM n.title_tsv
        OR o.chain IS DISTINCT FROM n.chain OR o.title_words IS DISTINCT FROM n.title_words
  ),
  queued AS (
    INSERT INTO search_bitmap_changes (doc, old_terms, new_terms)
    SELECT d.doc, d.old_terms, d.new_terms
      FROM t, LATERAL (SELECT t.old_doc AS doc, t.old_terms, t.new_terms WHERE t.old_doc = t.new_doc
                       UNION ALL SELECT t.old_doc, t.old_terms, NULL WHERE t.old_doc <> t.new_doc
                       UNION ALL SELECT t.new_doc, NULL, t.new_terms WHERE t.old_doc <> t.new_doc) d
  )
  INSERT INTO collection_search_terms (doc, terms) SELECT new_doc, new_terms FROM t
  ON CONFLICT (doc) DO UPDATE SET terms = excluded.terms;
  -- A doc a row left, and no row took, keeps no terms.
  DELETE FROM collection_search_terms k USING old_rows o
   WHERE k.doc = o.doc AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.doc = o.doc);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION uds_forget_search_bitmaps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_bitmaps;
  DELETE FROM search_bitmap_changes;
  DELETE FROM collection_search_terms;
  RETURN NULL;
END
$$;
