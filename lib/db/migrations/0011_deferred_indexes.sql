CREATE TABLE "deferred_indexes" (
	"name" text PRIMARY KEY NOT NULL,
	"definition" text NOT NULL
);
