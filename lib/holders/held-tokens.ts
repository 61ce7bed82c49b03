import "server-only";
import { sql } from "drizzle-orm";
import { getSearchDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { delegatedTokens } from "@/lib/chain/server/delegated-holdings";
import { NAMED_BY_COLLECTION, syncedContractSql } from "@/lib/chain/server/holdings";
import type { ClaimableToken } from "@/lib/schemas/claims";
import { countedDelegations, walletDelegations } from "./delegations";

/** How many token ids the wallet page offers per collection for a one-time claim. */
const TOKENS_SHOWN = 100;

/**
 * The token ids the wallet holds of each collection, per the index, then those vaults delegated
 * to it (the registry as eligibility read it): what a one-time claim may name.
 */
export async function heldTokenIds(wallet: string, collectionIds: string[]): Promise<Map<string, ClaimableToken[]>> {
  const own = await ownTokenIds(wallet, collectionIds);
  if (collectionIds.length === 0) return new Map();
  const delegations = countedDelegations(await walletDelegations(wallet));
  const rows = await delegatedTokens(await getSearchDb(), delegations, collectionIds, TOKENS_SHOWN * collectionIds.length);
  const tokens = new Map<string, ClaimableToken[]>();
  for (const [id, list] of own)
    tokens.set(
      id,
      list.map((token) => ({ id: token })),
    );
  for (const row of rows) {
    const list = tokens.get(row.id) ?? [];
    if (list.length < TOKENS_SHOWN) list.push({ id: row.token, vault: row.vault });
    tokens.set(row.id, list);
  }
  return tokens;
}

async function ownTokenIds(wallet: string, collectionIds: string[]): Promise<Map<string, string[]>> {
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
