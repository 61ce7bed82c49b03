import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { queryRows } from "@/lib/db/queries";
import { processSlot } from "@/lib/process-slot";
import { EDITING_ROLES } from "@/lib/schemas/team-roles";
import { createRequest, editRequest, expected, nextRequest, type MixKind, type MixRequest } from "@/lib/traffic/mix";
import { searchUrls } from "@/lib/traffic/varied-searches";
import { beginRehearsal, endRehearsal, REHEARSAL_HEADER } from "@/lib/http/server/rehearsal-principal";

/**
 * The production server (server.mjs) puts here, before Next.js prepares, a promise of the
 * origin its own port answers on (http://127.0.0.1:3000). No other server sets it: under
 * `next dev`, `next start` or the tests there is nothing to rehearse against.
 */
const SELF_ORIGIN_SLOT = "server.self-origin";
export const selfOrigin = () => processSlot<Promise<string>>(SELF_ORIGIN_SLOT).value;

/** Requests in flight at once: enough that the pipelined connections see concurrent use, as under traffic. */
const IN_FLIGHT = 8;
/** A rehearsal that has not ended by then stops where it is: the instance takes traffic rather than wait. */
const DEADLINE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** What the titles of its (previewed, never stored) writes start with. */
const LABEL = "Rehearsal";

export type RehearsalOutcome = { sent: number; byKind: Partial<Record<MixKind, number>>; unexpected: string[]; ms: number };

/** An editor of a team with collections, and that team's latest collections (at least one): who rehearses, and what it edits. */
async function rehearsalTeam(): Promise<{ teamId: string; userId: string; ids: string[] } | null> {
  const db = await getDb();
  const [member] = await queryRows<{ team_id: string; user_id: string }>(
    db,
    sql`SELECT m.team_id, m.user_id FROM team_members m
         WHERE m.role IN (${sql.join(
           EDITING_ROLES.map((role) => sql`${role}`),
           sql`, `,
         )}) AND EXISTS (SELECT 1 FROM collections c WHERE c.team_id = m.team_id)
         ORDER BY m.created_at DESC LIMIT 1`,
  );
  if (!member) return null;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM collections WHERE team_id = ${member.team_id} ORDER BY lastmodified DESC LIMIT 20`,
  );
  return { teamId: member.team_id, userId: member.user_id, ids: rows.map((row) => row.id) };
}

/** Words of the latest titles, to search for as people do. */
async function titleWords(): Promise<string[]> {
  const rows = await queryRows<{ title: string | null }>(
    await getDb(),
    sql`SELECT data->>'Title' AS title FROM collections ORDER BY lastmodified DESC LIMIT 200`,
  );
  const words = new Set(rows.flatMap((row) => (row.title ?? "").toLowerCase().match(/[a-z]{3,}/g) ?? []));
  return words.size > 0 ? [...words] : ["club", "pass"];
}

/**
 * Sends `count` requests of the gateway's traffic (lib/traffic/mix.ts) to this process's own
 * port, `IN_FLIGHT` at a time, as an editor of a real team (lib/http/server/rehearsal-principal.ts):
 * searches over the store's words, retrievals and edits of that team's collections, creates, and
 * every write as a preview (`?dryRun=1`), which runs the write's whole transaction and stores
 * nothing. Without a team that has collections, only searches. Answers are read whole; any answer
 * but the one the mix expects is reported, never thrown: the instance works without the rehearsal,
 * only its first seconds are slower (docs/decisions/105).
 */
export async function rehearse(origin: string, count: number): Promise<RehearsalOutcome> {
  const started = performance.now();
  const [team, words] = await Promise.all([rehearsalTeam(), titleWords()]);
  const search = searchUrls(() => words[Math.floor(Math.random() * words.length)]!);
  const token = beginRehearsal(team?.teamId ?? "", team?.userId ?? "");
  const outcome: RehearsalOutcome = { sent: 0, byKind: {}, unexpected: [], ms: 0 };
  const next = (): MixRequest => (team ? nextRequest(team.ids, search, LABEL) : { kind: "search", method: "GET", path: search() });
  const deadline = started + DEADLINE_MS;
  const send = async (request: MixRequest) => {
    outcome.sent += 1;
    outcome.byKind[request.kind] = (outcome.byKind[request.kind] ?? 0) + 1;
    const path = request.method === "POST" ? `${request.path}?dryRun=1` : request.path;
    try {
      const response = await fetch(`${origin}${path}`, {
        method: request.method,
        headers: { [REHEARSAL_HEADER]: token, ...(request.body ? { "content-type": "application/json" } : {}) },
        body: request.body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (!expected(request.kind, response.status)) outcome.unexpected.push(`${request.kind} ${response.status}`);
    } catch (error) {
      outcome.unexpected.push(`${request.kind}: ${(error as Error).message}`);
    }
  };
  const lane = async () => {
    while (outcome.sent < count && performance.now() < deadline) await send(next());
  };
  try {
    // First a write for each write connection at once, so that every one of them is opened and has
    // run a write before traffic comes: the mix alone rarely has more than two writes in flight.
    if (team) {
      const writes = Array.from({ length: Math.min(count, Math.max(1, env().WRITE_CONNECTIONS)) }, (_, index) =>
        index % 2 === 0 ? createRequest(LABEL) : editRequest(team.ids[index % team.ids.length]!, LABEL),
      );
      await Promise.all(writes.map(send));
    }
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count) }, lane));
  } finally {
    endRehearsal();
  }
  outcome.ms = Math.round(performance.now() - started);
  return outcome;
}
