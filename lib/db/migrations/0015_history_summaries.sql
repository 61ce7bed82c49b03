CREATE TABLE "collection_public_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_public_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"history_id" bigint NOT NULL,
	"collection_id" text NOT NULL,
	"at" bigint NOT NULL,
	"kind" text NOT NULL,
	"perk" text NOT NULL,
	"date_from" jsonb,
	"date_to" jsonb
);
--> statement-breakpoint
ALTER TABLE "collection_history" ADD COLUMN "changes_bytes" integer GENERATED ALWAYS AS (octet_length(changes::text)) STORED NOT NULL;--> statement-breakpoint
-- Every existing entry's public changes, as lib/history/public-changes.ts derives them for new ones:
-- a perk created (added) or deleted (removed) with its short description, and a perk whose Date
-- changed with its description after the change and the dates. In entry order, each entry's
-- changes in their order.
INSERT INTO "collection_public_changes" ("history_id", "collection_id", "at", "kind", "perk", "date_from", "date_to")
SELECT h.id, h.collection_id, h.at,
       CASE c.change->>'Kind' WHEN 'created' THEN 'added' WHEN 'deleted' THEN 'removed' ELSE 'date' END,
       left(coalesce(CASE c.change->>'Kind'
         WHEN 'created' THEN jsonb_path_query_first(c.change->'Fields', '$[*] ? (@.Path == "ShortDescription").To') #>> '{}'
         WHEN 'deleted' THEN jsonb_path_query_first(c.change->'Fields', '$[*] ? (@.Path == "ShortDescription").From') #>> '{}'
         ELSE jsonb_path_query_first(h.state->'perks', '$[*] ? (@.id == $id).data.ShortDescription', jsonb_build_object('id', c.change->'Id')) #>> '{}'
       END, 'A perk'), 200),
       CASE WHEN c.change->>'Kind' = 'updated' THEN jsonb_path_query_first(c.change->'Fields', '$[*] ? (@.Path == "Date").From') END,
       CASE WHEN c.change->>'Kind' = 'updated' THEN jsonb_path_query_first(c.change->'Fields', '$[*] ? (@.Path == "Date").To') END
  FROM "collection_history" h
 CROSS JOIN LATERAL jsonb_array_elements(h.changes) WITH ORDINALITY AS c(change, position)
 WHERE c.change->>'Object' = 'perk'
   AND (c.change->>'Kind' <> 'updated' OR jsonb_path_exists(c.change->'Fields', '$[*] ? (@.Path == "Date")'))
 ORDER BY h.id, c.position;--> statement-breakpoint
CREATE INDEX "collection_public_changes_collection_idx" ON "collection_public_changes" USING btree ("collection_id","history_id" DESC NULLS LAST,"id");