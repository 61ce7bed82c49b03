import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { teams } from "./accounts";

/**
 * A team's webhook endpoints. The signing secret is kept as issued (`whsec_…`): signing needs
 * it, unlike an API key, which is only ever compared. `failingSince` is the first failed delivery
 * since the last success; 24 hours of failures disable the endpoint, with the reason in `disabledReason`.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** When a test event to it was last started: one at a time per endpoint, whoever clicks. */
    testStartedAt: timestamp("test_started_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_endpoints_team_idx").on(table.teamId)],
);

/**
 * One event for one endpoint and how its delivery went; the pg-boss job that sends it carries only
 * this row's id. `id` is the event's `webhook-id`, the same on every attempt.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").notNull(),
    /** pending, delivered or failed (gave up after 24 hours, or the endpoint was disabled). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /**
     * When the attempt under way started; null between attempts. A second attempt (a resend, a
     * job handed out again) waits while it is younger than an attempt can last.
     */
    attemptStartedAt: timestamp("attempt_started_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt),
    // The attempts under way, which an account's slot count reads (lib/webhooks/server/claim.ts):
    // a handful of rows, however long an endpoint's history.
    index("webhook_deliveries_started_idx")
      .on(table.endpointId)
      .where(sql`attempt_started_at IS NOT NULL`),
  ],
);
