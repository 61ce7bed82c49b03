CREATE TABLE "perk_search" (
	"id" text PRIMARY KEY NOT NULL,
	"collection_id" text NOT NULL,
	"position" integer NOT NULL,
	"lat" double precision,
	"long" double precision,
	"date_ms" bigint,
	"past_from" bigint,
	"status" text,
	"one_time" boolean,
	"categories" integer DEFAULT 0 NOT NULL,
	"short_tsv" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"search_tsv" "tsvector" DEFAULT ''::tsvector NOT NULL
);
--> statement-breakpoint
ALTER TABLE "perk_search" ADD CONSTRAINT "perk_search_id_perks_id_fk" FOREIGN KEY ("id") REFERENCES "public"."perks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perk_search" ADD CONSTRAINT "perk_search_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "perk_search_place_idx" ON "perk_search" USING btree ("lat","long");--> statement-breakpoint
CREATE INDEX "perk_search_date_idx" ON "perk_search" USING btree ("date_ms","id");--> statement-breakpoint
CREATE INDEX "perk_search_collection_idx" ON "perk_search" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "perk_search_text_idx" ON "perk_search" USING gin ("search_tsv");--> statement-breakpoint
ALTER INDEX "perk_search_text_idx" SET (fastupdate = off);--> statement-breakpoint
-- The one definition of a perk's discovery row, from its stored data and its collection's title.
-- A place is Location.latitude/longitude when both are set, else the GeoPoint pair. `past_from`
-- follows perkPastFrom (lib/perks/lifecycle.ts): just after a timed date, the next UTC midnight
-- after a date without a time. Category bits follow lib/schemas/category-list.ts, as in 0003.
CREATE VIEW perk_search_source AS
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
       uds_words(left(concat_ws(' ', p.data ->> 'ShortDescription', p.data ->> 'LongDescription', c.data ->> 'Title'), 200000)) AS search_tsv
  FROM perks p
  JOIN collections c ON c.id = p.collection_id,
       LATERAL (SELECT CASE WHEN p.data #> '{Location,latitude}' IS NOT NULL AND p.data #> '{Location,longitude}' IS NOT NULL
                            THEN (p.data #>> '{Location,latitude}')::float8
                            ELSE (p.data #>> '{Location,GeoPoint,_lat}')::float8 END AS lat,
                       CASE WHEN p.data #> '{Location,latitude}' IS NOT NULL AND p.data #> '{Location,longitude}' IS NOT NULL
                            THEN (p.data #>> '{Location,longitude}')::float8
                            ELSE (p.data #>> '{Location,GeoPoint,_long}')::float8 END AS long) loc,
       LATERAL (SELECT CASE WHEN jsonb_typeof(p.data -> 'Date') = 'object'
                            THEN (p.data #>> '{Date,dt,seconds}')::bigint * 1000 + (p.data #>> '{Date,dt,nanoseconds}')::bigint / 1000000 END AS ms,
                       (p.data #>> '{Date,timeSet}')::boolean AS time_set) d;--> statement-breakpoint
INSERT INTO "perk_search" SELECT * FROM perk_search_source;
