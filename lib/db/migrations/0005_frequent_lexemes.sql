CREATE SEQUENCE "public"."collection_search_writes" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "frequent_lexemes" (
	"word" text PRIMARY KEY NOT NULL,
	"ndoc" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frequent_lexemes_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"refreshed_at_writes" bigint NOT NULL,
	"refreshed_at" timestamp with time zone,
	CONSTRAINT "frequent_lexemes_state_one_row" CHECK ("frequent_lexemes_state"."id")
);
--> statement-breakpoint
CREATE TABLE "frequent_title_lexemes" (
	"word" text PRIMARY KEY NOT NULL,
	"ndoc" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "frequent_lexemes_prefix_idx" ON "frequent_lexemes" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "frequent_title_lexemes_prefix_idx" ON "frequent_title_lexemes" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- Counted from here: nextval then returns 1, and last_value is the number of row writes so far.
SELECT setval('collection_search_writes', 0, true);--> statement-breakpoint
INSERT INTO "frequent_lexemes_state" ("id", "refreshed_at_writes", "refreshed_at") VALUES (true, 0, NULL);--> statement-breakpoint
-- One step per row written: each row write moves any lexeme's document count by at most one.
CREATE FUNCTION uds_count_search_writes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('collection_search_writes') FROM changed;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Statement triggers see every writer: the write path's upsert (insert and update), seeding's batches,
-- a bulk INSERT … SELECT, and deletes cascading from collections. A trigger with transition tables
-- takes one event, hence three.
CREATE TRIGGER collection_search_writes_insert AFTER INSERT ON collection_search
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION uds_count_search_writes();--> statement-breakpoint
CREATE TRIGGER collection_search_writes_update AFTER UPDATE ON collection_search
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION uds_count_search_writes();--> statement-breakpoint
CREATE TRIGGER collection_search_writes_delete AFTER DELETE ON collection_search
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION uds_count_search_writes();--> statement-breakpoint
-- TRUNCATE has no transition table and no row count: the snapshot no longer bounds anything.
CREATE FUNCTION uds_forget_frequent_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM frequent_lexemes;
  DELETE FROM frequent_title_lexemes;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER collection_search_truncate AFTER TRUNCATE ON collection_search
  FOR EACH STATEMENT EXECUTE FUNCTION uds_forget_frequent_lexemes();
