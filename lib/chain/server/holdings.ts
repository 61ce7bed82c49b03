import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { CHAINS, chainKeyOf } from "@/lib/schemas/chains";
import { syncTargetOf } from "../sync-state";
import { hasRpc } from "./rpc";

/** A synced collection a wallet holds tokens of: how many (summed over token ids), and the block that is true at. */
export type HeldCollection = { id: string; holds: string; block: number };

/** A contract `k` the index has caught up with: Synced, no error standing, something indexed, on a chain with an RPC. */
export function syncedContractSql(): SQL {
  const keys = CHAINS.filter(hasRpc).map((chain) => sql`${chainKeyOf(chain)}`);
  if (keys.length === 0) return sql`false`;
  return sql`k.status = 'Synced' AND k.error IS NULL AND k.cursor_block IS NOT NULL AND k.chain_key IN (${sql.join(keys, sql`, `)})`;
}

/** The contract row `k` a collection `c` names, as `syncTargetOf` keys it: the label trimmed and in lower case, the address in lower case. */
export const NAMED_BY_COLLECTION = sql`k.chain_key = lower(btrim(c.data ->> 'ContractChain')) AND k.address = lower(c.data ->> 'ContractAddress')`;

/** Whether a collection would itself say it is synced from that contract (a mixed-case address must pass its checksum). */
export const namesSyncedContract = (chain: string | null, address: string | null) =>
  "chain" in syncTargetOf(chain ?? undefined, address ?? undefined, hasRpc);

type Row = { id: string; chain: string | null; address: string | null; holds: string; block: number | string };

/**
 * The synced collections naming a contract the wallet holds tokens of, from the index alone: one
 * probe of the holder index, then each contract's row and the collections naming it.
 */
export async function heldCollections(db: SearchReader, wallet: string): Promise<HeldCollection[]> {
  const rows = await queryRows<Row>(
    db,
    sql`WITH held AS (
          SELECT chain_key, address, sum(amount) AS holds FROM chain_holdings WHERE holder = ${wallet} GROUP BY chain_key, address
        )
        SELECT c.id, c.data ->> 'ContractChain' AS chain, c.data ->> 'ContractAddress' AS address, w.holds::text AS holds, k.cursor_block AS block
          FROM held w
          JOIN chain_contracts k ON k.chain_key = w.chain_key AND k.address = w.address
          JOIN collections c ON lower(c.data ->> 'ContractAddress') = w.address
         WHERE ${syncedContractSql()} AND ${NAMED_BY_COLLECTION}`,
  );
  return rows
    .filter((row) => namesSyncedContract(row.chain, row.address))
    .map(({ id, holds, block }) => ({ id, holds, block: Number(block) }));
}
