-- Partner teams (decision 064). Every account becomes a team of one, its owner, with the account's
-- own id as the team's: each row that named the account as owner names the team by the same value,
-- so nothing is copied and nothing is lost.
CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id"),
	CONSTRAINT "team_members_role" CHECK ("team_members"."role" IN ('viewer', 'editor', 'admin', 'owner'))
);--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id","created_at");--> statement-breakpoint
INSERT INTO "teams" ("id", "name", "created_at") SELECT "id", "name", "created_at" FROM "users";--> statement-breakpoint
INSERT INTO "team_members" ("team_id", "user_id", "role", "created_at") SELECT "id", "id", 'owner', "created_at" FROM "users";--> statement-breakpoint
-- A collection whose manager's account is gone (managers has no foreign key) keeps a team of that id, with no members.
INSERT INTO "teams" ("id", "name")
SELECT DISTINCT c."managers"[1], 'Former account' FROM "collections" c
 WHERE c."managers"[1] IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "teams" t WHERE t."id" = c."managers"[1]);--> statement-breakpoint
-- One without any manager (nobody could edit it) gets a team of its own with no members: still nobody's to edit.
INSERT INTO "teams" ("id", "name") SELECT 'unmanaged-' || c."id", 'No manager' FROM "collections" c WHERE c."managers"[1] IS NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "team_id" text;--> statement-breakpoint
UPDATE "collections" SET "team_id" = coalesce("managers"[1], 'unmanaged-' || "id");--> statement-breakpoint
ALTER TABLE "collections" ALTER COLUMN "team_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collections_team_idx" ON "collections" USING btree ("team_id","lastmodified" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "team_id" text;--> statement-breakpoint
UPDATE "api_keys" SET "team_id" = "user_id";--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "team_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scope" text DEFAULT 'write' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scope" CHECK ("api_keys"."scope" IN ('read', 'write'));--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_team_idx" ON "api_keys" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" RENAME COLUMN "user_id" TO "team_id";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "webhook_endpoints_user_idx" RENAME TO "webhook_endpoints_team_idx";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME COLUMN "user_id" TO "team_id";--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME CONSTRAINT "idempotency_keys_user_id_key_pk" TO "idempotency_keys_team_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_history" ADD COLUMN "team_id" text;--> statement-breakpoint
UPDATE "collection_history" SET "team_id" = "user_id";--> statement-breakpoint
ALTER TABLE "collection_history" ALTER COLUMN "team_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;
