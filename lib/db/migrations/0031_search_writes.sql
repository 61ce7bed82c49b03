CREATE TABLE "search_writes" (
	"xid" "xid8" PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_writes_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"pruned_below" "xid8" NOT NULL,
	CONSTRAINT "search_writes_state_one_row" CHECK ("search_writes_state"."id")
);
--> statement-breakpoint
INSERT INTO "search_writes_state" ("id", "pruned_below") VALUES (true, '0');--> statement-breakpoint
-- One row per transaction that writes what the browser and perk discovery show. A row becomes
-- visible when its transaction commits, exactly as the write does: a snapshot that does not see a
-- row here did not see that write (docs/decisions/099).
CREATE FUNCTION uds_note_search_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_writes (xid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every table a search page's answers read: the collections, their perks, the search rows and
-- their title rows, the frequent words, the perk discovery rows. Not the bitmaps, their queue or
-- their state: the queue is written by triggers on collection_search, in the writing transaction,
-- and an apply or a build only moves terms between queue and bitmaps, which count the same.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['collections', 'perks', 'collection_search', 'collection_search_titles', 'frequent_lexemes',
                           'frequent_title_lexemes', 'perk_search'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION uds_note_search_write()', t || '_search_write', t);
  END LOOP;
END
$$;--> statement-breakpoint
-- A search answer shows a collection's verifier: only writes of the badge count, not the sync's progress.
CREATE TRIGGER chain_contracts_search_write AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF verified_collection_id, verified_by ON chain_contracts
  FOR EACH STATEMENT EXECUTE FUNCTION uds_note_search_write();
