CREATE TABLE "collection_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"collection_id" text NOT NULL,
	"at" bigint NOT NULL,
	"user_id" text NOT NULL,
	"key_id" text,
	"changes" jsonb NOT NULL,
	"state" jsonb
);
--> statement-breakpoint
CREATE INDEX "collection_history_collection_idx" ON "collection_history" USING btree ("collection_id","id" DESC NULLS LAST);