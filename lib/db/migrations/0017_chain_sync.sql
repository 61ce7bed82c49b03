-- Chain sync (docs/chain.md): one row per synced contract, its transfers, holdings and range checkpoints,
-- and the nonces of owner verifications. Written only by the sync and verification; collections are never updated by them.
CREATE TABLE "chain_checkpoints" (
	"chain_key" text NOT NULL,
	"address" text NOT NULL,
	"block" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "chain_checkpoints_chain_key_address_block_pk" PRIMARY KEY("chain_key","address","block")
);
--> statement-breakpoint
CREATE TABLE "chain_contracts" (
	"chain_key" text NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"status" text DEFAULT 'Updating' NOT NULL,
	"start_block" bigint,
	"cursor_block" bigint,
	"cursor_hash" text,
	"standard" text,
	"name" text,
	"symbol" text,
	"owner" text,
	"minted" numeric(78, 0) DEFAULT 0 NOT NULL,
	"burned" numeric(78, 0) DEFAULT 0 NOT NULL,
	"holders" integer DEFAULT 0 NOT NULL,
	"error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"verified_collection_id" text,
	"verified_by" text,
	"synced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_contracts_chain_key_address_pk" PRIMARY KEY("chain_key","address")
);
--> statement-breakpoint
CREATE TABLE "chain_holdings" (
	"chain_key" text NOT NULL,
	"address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"holder" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "chain_holdings_chain_key_address_token_id_holder_pk" PRIMARY KEY("chain_key","address","token_id","holder")
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"chain_key" text NOT NULL,
	"address" text NOT NULL,
	"block" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"batch_index" integer DEFAULT 0 NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "chain_transfers_chain_key_address_block_log_index_batch_index_pk" PRIMARY KEY("chain_key","address","block","log_index","batch_index")
);
--> statement-breakpoint
CREATE TABLE "chain_verification_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"collection_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chain_verification_nonces" ADD CONSTRAINT "chain_verification_nonces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The sync's job queue: at most one job per contract waiting and one running (singletonKey = the contract).
SELECT pgboss.create_queue('chain-sync', '{"policy":"stately","retryLimit":3,"retryDelay":30,"expireInSeconds":120}');
