-- Verified collections in search (decision 062): a flag on both search tables, true when the
-- collection holds its contract's badge (chain_contracts.verified_collection_id), for the
-- `verified=1` filter and as a rank key. Kept by the write path (refreshCollections) and, when a
-- verification gives or takes a badge, by the trigger below.
ALTER TABLE "collection_search" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_search_titles" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Whether a collection holds its contract's badge: the rule of toCollectionDoc (lib/collections/wire-shapes.ts).
CREATE FUNCTION uds_collection_verified(collection text) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE
  RETURN EXISTS (SELECT 1 FROM collections c JOIN chain_contracts k
                   ON k.chain_key = lower(btrim(c.data ->> 'ContractChain')) AND k.address = lower(c.data ->> 'ContractAddress')
                  WHERE c.id = collection AND k.verified_collection_id = c.id AND k.verified_by IS NOT NULL);--> statement-breakpoint
CREATE OR REPLACE FUNCTION uds_copy_search_titles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO collection_search_titles (id, title_words, lastmodified, title_tsv, chain, release_status, perk_past, dated_first, upcoming_last, verified)
  SELECT id, title_words, lastmodified, title_tsv, chain, release_status, perk_past, dated_first, upcoming_last, verified FROM changed
  ON CONFLICT (id) DO UPDATE
    SET title_words = excluded.title_words, lastmodified = excluded.lastmodified, title_tsv = excluded.title_tsv,
        chain = excluded.chain, release_status = excluded.release_status, perk_past = excluded.perk_past,
        dated_first = excluded.dated_first, upcoming_last = excluded.upcoming_last, verified = excluded.verified;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A badge given, moved or taken (a verification, or a sync that found the owner changed): the
-- collections it left and reached are marked again. Only their flag changes, so no bitmap change is queued.
CREATE FUNCTION uds_mark_verified() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN OLD.verified_collection_id END;
  after text := CASE WHEN TG_OP IN ('UPDATE', 'INSERT') THEN NEW.verified_collection_id END;
BEGIN
  UPDATE collection_search s SET verified = uds_collection_verified(s.id)
   WHERE s.id IN (before, after) AND s.verified IS DISTINCT FROM uds_collection_verified(s.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER chain_contracts_verified_update AFTER UPDATE OF verified_collection_id, verified_by ON chain_contracts
  FOR EACH ROW WHEN (OLD.verified_collection_id IS DISTINCT FROM NEW.verified_collection_id OR OLD.verified_by IS DISTINCT FROM NEW.verified_by)
  EXECUTE FUNCTION uds_mark_verified();--> statement-breakpoint
CREATE TRIGGER chain_contracts_verified_insert AFTER INSERT ON chain_contracts
  FOR EACH ROW WHEN (NEW.verified_collection_id IS NOT NULL) EXECUTE FUNCTION uds_mark_verified();--> statement-breakpoint
CREATE TRIGGER chain_contracts_verified_delete AFTER DELETE ON chain_contracts
  FOR EACH ROW WHEN (OLD.verified_collection_id IS NOT NULL) EXECUTE FUNCTION uds_mark_verified();--> statement-breakpoint
UPDATE "collection_search" SET "verified" = true WHERE uds_collection_verified("id");--> statement-breakpoint
CREATE INDEX "collection_search_verified_idx" ON "collection_search" USING btree ("lastmodified" DESC NULLS LAST,"id") WHERE "collection_search"."verified";--> statement-breakpoint
-- Among title matches with as many words, verified ones first; it still holds each title's words (0013).
DROP INDEX IF EXISTS "collection_search_titles_order_idx";--> statement-breakpoint
DELETE FROM "deferred_indexes" WHERE "name" = 'collection_search_titles_order_idx';--> statement-breakpoint
CREATE INDEX "collection_search_titles_order_idx" ON "collection_search_titles" USING btree ("title_words","verified" DESC NULLS LAST,"lastmodified" DESC NULLS LAST,"id") INCLUDE ("title_tsv");
