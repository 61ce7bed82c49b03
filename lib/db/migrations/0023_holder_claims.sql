CREATE TABLE "holder_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "holder_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"holder_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holder_wallets" (
	"address" text PRIMARY KEY NOT NULL,
	"holder_id" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holders" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perk_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"collection_id" text NOT NULL,
	"perk_id" text NOT NULL,
	"chain_key" text NOT NULL,
	"contract" text NOT NULL,
	"token_id" numeric(78, 0),
	"wallet" text NOT NULL,
	"holder_id" text NOT NULL,
	"block" bigint NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" text,
	"redeemed_key_id" text
);
--> statement-breakpoint
ALTER TABLE "holder_sessions" ADD CONSTRAINT "holder_sessions_holder_id_holders_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holder_wallets" ADD CONSTRAINT "holder_wallets_holder_id_holders_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holder_nonces_expires_idx" ON "holder_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "holder_sessions_holder_idx" ON "holder_sessions" USING btree ("holder_id");--> statement-breakpoint
CREATE INDEX "holder_wallets_holder_idx" ON "holder_wallets" USING btree ("holder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "perk_claims_code_idx" ON "perk_claims" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "perk_claims_token_idx" ON "perk_claims" USING btree ("perk_id","chain_key","contract","token_id") WHERE "perk_claims"."token_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "perk_claims_wallet_idx" ON "perk_claims" USING btree ("perk_id","wallet") WHERE "perk_claims"."token_id" IS NULL;--> statement-breakpoint
CREATE INDEX "perk_claims_collection_idx" ON "perk_claims" USING btree ("collection_id","claimed_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "perk_claims_holder_idx" ON "perk_claims" USING btree ("holder_id","claimed_at" DESC NULLS LAST);