import "server-only";
import { sql } from "drizzle-orm";
import { getSearchDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { NAMED_BY_COLLECTION, syncedContractSql } from "@/lib/chain/server/holdings";

/** How many token ids the wallet page offers per collection for a one-time claim. */
const TOKENS_SHOWN = 100;

/** The token ids the wallet holds of each collection, per the index: what a one-time claim may name. */
export async function heldTokenIds(wallet: string, collectionIds: string[]): Promise<Map<string, string[]>> {
  const held = new Map<string, string[]>();
  if (collectionIds.length === 0) return held;
  const rows = await queryRows<{ id: string; token: string }>(
    await getSearchDb(),
    sql`SELECT c.id, h.token_id::text AS token
          FROM collections c
          JOIN chain_contracts k ON ${NAMED_BY_COLLECTION}
          JOIN chain_holdings h ON h.chain_key = k.chain_key AND h.address = k.address AND h.holder = ${wallet}
         WHERE c.id IN (${sql.join(
           collectionIds.map((id) => sql`${id}`),
           sql`, `,
         )}) AND ${syncedContractSql()}
         ORDER BY c.id, h.token_id
         LIMIT ${TOKENS_SHOWN * collectionIds.length}`,
  );
  for (const row of rows) {
    const list = held.get(row.id) ?? [];
    if (list.length < TOKENS_SHOWN) list.push(row.token);
    held.set(row.id, list);
  }
  return held;
}
