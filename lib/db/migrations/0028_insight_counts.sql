CREATE TABLE "insight_counts" (
	"day" date NOT NULL,
	"collection_id" text NOT NULL,
	"perk_id" text,
	"metric" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "insight_counts_key" UNIQUE NULLS NOT DISTINCT("collection_id","day","perk_id","metric")
);
--> statement-breakpoint
ALTER TABLE "insight_counts" ADD CONSTRAINT "insight_counts_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_counts" ADD CONSTRAINT "insight_counts_perk_id_perks_id_fk" FOREIGN KEY ("perk_id") REFERENCES "public"."perks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_counts_perk_idx" ON "insight_counts" USING btree ("perk_id");