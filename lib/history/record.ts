import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/queries";
import type { Transaction } from "@/lib/db/types";
import { collectionHistory, collectionPublicChanges } from "@/lib/db/schema";
import type { ObjectChange } from "@/lib/schemas/history";
import { diffStates, type StoredState } from "./diff";
import { publicChangeRow, publicChangesOf } from "./public-changes";

/** Who makes a change: the member, the team they act for, and the API key used (null for the portal session). */
export type Actor = { userId: string; teamId: string; keyId: string | null };

/** What one write did to one collection. */
export type Recorded = { collectionId: string; changes: ObjectChange[] };

/** A write's own hook to run just before it commits (`StoreAnswer`), told what history recorded. */
export type AfterRecord<T> = (tx: Transaction, answer: T, recorded?: Recorded[]) => Promise<void>;

/**
 * SQL columns `state_data` and `state_perks` of a `collections` row aliased `c`: its state as
 * history keeps it, so a write's own statements can return it (`statesOf` reads them).
 */
export const stateColumns = sql`c.data AS state_data,
  (SELECT coalesce(json_agg(json_build_object('id', p.id, 'data', p.data) ORDER BY p.position), '[]')
     FROM perks p WHERE p.collection_id = c.id) AS state_perks`;

export type StateRow = { id: string; state_data: Record<string, unknown>; state_perks: { id: string; data: Record<string, unknown> }[] };
export const statesOf = (rows: StateRow[]): Map<string, StoredState> =>
  new Map(rows.map((row) => [row.id, { data: row.state_data, perks: row.state_perks }]));

/** Reads collections' partner fields and perks as the transaction sees them, in one statement. */
export async function loadStates(tx: Transaction, ids: string[]): Promise<Map<string, StoredState>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<StateRow>(
    tx,
    sql`SELECT c.id, ${stateColumns}
          FROM collections c
         WHERE c.id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return statesOf(rows);
}

/**
 * History entries (one per collection), and the public changes of those that have any, in one
 * statement: the changes take their entry's id from the insert's own rows, and their own ids in
 * the order given (the order they are read back in). A JSON null is SQL NULL in
 * `jsonb_to_recordset`, as it was in the insert of the values themselves.
 */
async function insertEntries(tx: Transaction, rows: (typeof collectionHistory.$inferInsert)[]) {
  const entries = rows.map((row) => ({
    collection_id: row.collectionId,
    at: row.at,
    team_id: row.teamId,
    user_id: row.userId,
    key_id: row.keyId ?? null,
    changes: row.changes,
    state: row.state ?? null,
  }));
  const changes = rows
    .flatMap((row) =>
      publicChangesOf(row.at, row.changes as ObjectChange[], row.state as StoredState).map((change) => {
        const { at, kind, perk, from, to } = publicChangeRow(change);
        return { collection_id: row.collectionId, at, kind, perk, date_from: from ?? null, date_to: to ?? null };
      }),
    )
    .map((change, n) => ({ n, ...change }));
  await queryRows(
    tx,
    sql`WITH entries AS (
          INSERT INTO ${collectionHistory} (collection_id, at, team_id, user_id, key_id, changes, state)
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
            AS x(collection_id text, at bigint, team_id text, user_id text, key_id text, changes jsonb, state jsonb)
          RETURNING id, collection_id)
        INSERT INTO ${collectionPublicChanges} (history_id, collection_id, at, kind, perk, date_from, date_to)
        SELECT e.id, c.collection_id, c.at, c.kind, c.perk, c.date_from, c.date_to
          FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
            AS c(n int, collection_id text, at bigint, kind text, perk text, date_from jsonb, date_to jsonb)
          JOIN entries e ON e.collection_id = c.collection_id
         ORDER BY c.n`,
  );
}

/** The collections an answer names: a create's echo, or a delete's `PlatformNFTId`. */
function namedCollections(answer: unknown): string[] {
  const named = new Set<string>();
  const add = (value: unknown) => {
    if (value && typeof value === "object" && typeof (value as { PlatformNFTId?: unknown }).PlatformNFTId === "string") {
      named.add((value as { PlatformNFTId: string }).PlatformNFTId);
    }
  };
  const record = answer as { nftData?: unknown; perkData?: unknown };
  add(answer);
  add(record?.nftData);
  if (Array.isArray(record?.perkData)) record.perkData.forEach(add);
  return [...named];
}

/** The hook `recordStates` returns: `after` holds the states the write's statements returned, when they did. */
export type RecordHook<T> = (tx: Transaction, answer: T, after?: Map<string, StoredState>) => Promise<void>;

/**
 * Records a write in the collections' history, in the write's own transaction. Called once the
 * touched collections are locked and before anything is written: it reads them as they are, and
 * returns the hook the write runs just before it commits (in place of `next`), which reads them
 * again, plus any collection the answer names that did not exist before, and inserts one entry
 * per changed collection, then runs `next`. A write that fails before its hook leaves no entry.
 */
export async function recordChanges<T>(tx: Transaction, actor: Actor, lockedIds: string[], next?: AfterRecord<T>): Promise<AfterRecord<T>> {
  const hook = recordStates(actor, lockedIds, await loadStates(tx, lockedIds), next);
  return (hookTx, answer) => hook(hookTx, answer);
}

/**
 * `recordChanges` for a write that read the locked collections' states itself (`before`, with
 * `stateColumns`) and may hand its hook the states after its changes: reads only what it is not given.
 */
export function recordStates<T>(actor: Actor, lockedIds: string[], before: Map<string, StoredState>, next?: AfterRecord<T>): RecordHook<T> {
  return async (hookTx, answer, given) => {
    const ids = [...new Set([...lockedIds, ...namedCollections(answer)])];
    const missing = ids.filter((id) => !given?.has(id));
    const after = missing.length > 0 ? new Map([...(given ?? []), ...(await loadStates(hookTx, missing))]) : given!;
    const at = Date.now();
    const recorded: Recorded[] = [];
    const rows: (typeof collectionHistory.$inferInsert)[] = [];
    for (const id of ids) {
      const changes = diffStates(id, before.get(id) ?? null, after.get(id) ?? null);
      if (changes.length === 0) continue;
      recorded.push({ collectionId: id, changes });
      rows.push({
        collectionId: id,
        at,
        teamId: actor.teamId,
        userId: actor.userId,
        keyId: actor.keyId,
        changes,
        state: after.get(id) ?? null,
      });
    }
    if (rows.length > 0) await insertEntries(hookTx, rows);
    await next?.(hookTx, answer, recorded);
  };
}
