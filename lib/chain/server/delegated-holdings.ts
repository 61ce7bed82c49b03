import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { NAMED_BY_COLLECTION, namesSyncedContract, syncedContractSql } from "./holdings";
import type { Delegation } from "./delegate-registry";

/** A delegation as the index reads it: the chain it was read on (its key), and what it covers. */
export type ChainDelegation = Delegation & { chainKey: string };

/** What one vault's delegation gives the wallet of one synced collection, per the index, and the index's block. */
export type DelegatedCollection = { id: string; chainKey: string; vault: string; holds: string; block: number };

type Row = {
  id: string;
  chain_key: string;
  chain: string | null;
  address: string | null;
  vault: string;
  holds: string;
  block: number | string;
};

/**
 * `d` (the delegations) and `covered`: each token of a synced contract a vault holds that one of
 * its delegations covers: every token of the vault for ALL, of the contract for CONTRACT, the token
 * for ERC721 (on an ERC-721 contract) and up to the delegated amount of the token for ERC1155 (on
 * an ERC-1155 contract). A token covered by several of a vault's delegations counts once, at its widest.
 */
function coveredSql(delegations: ChainDelegation[]): SQL {
  const json = JSON.stringify(
    delegations.map((d) => ({
      chain_key: d.chainKey,
      vault: d.vault,
      kind: d.kind,
      contract: d.contract,
      token_id: d.tokenId,
      amount: d.amount,
    })),
  );
  return sql`d AS (
          SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS d(chain_key text, vault text, kind text, contract text, token_id numeric, amount numeric)
        ),
        covered AS (
          SELECT h.chain_key, h.address, h.token_id, h.holder AS vault,
                 max(CASE WHEN d.kind = 'ERC1155' THEN least(h.amount, d.amount) ELSE h.amount END) AS amount
            FROM d
            JOIN chain_holdings h ON h.holder = d.vault AND h.chain_key = d.chain_key
                 AND (d.contract IS NULL OR h.address = d.contract) AND (d.token_id IS NULL OR h.token_id = d.token_id)
            JOIN chain_contracts k ON k.chain_key = h.chain_key AND k.address = h.address
           WHERE ${syncedContractSql()}
             AND (d.kind IN ('All', 'Contract') OR d.kind = k.standard)
           GROUP BY h.chain_key, h.address, h.token_id, h.holder
        )`;
}

/** The synced collections whose tokens vaults delegated to a wallet, per vault, from the index (see `coveredSql`). */
export async function delegatedCollections(db: SearchReader, delegations: ChainDelegation[]): Promise<DelegatedCollection[]> {
  if (delegations.length === 0) return [];
  const rows = await queryRows<Row>(
    db,
    sql`WITH ${coveredSql(delegations)},
        per_contract AS (SELECT chain_key, address, vault, sum(amount) AS holds FROM covered GROUP BY chain_key, address, vault)
        SELECT c.id, p.chain_key, c.data ->> 'ContractChain' AS chain, c.data ->> 'ContractAddress' AS address, p.vault, p.holds::text AS holds,
               k.cursor_block AS block
          FROM per_contract p
          JOIN chain_contracts k ON k.chain_key = p.chain_key AND k.address = p.address
          JOIN collections c ON lower(c.data ->> 'ContractAddress') = p.address
         WHERE ${NAMED_BY_COLLECTION} AND p.holds > 0`,
  );
  return rows
    .filter((row) => namesSyncedContract(row.chain, row.address))
    .map((row) => ({ id: row.id, chainKey: row.chain_key, vault: row.vault, holds: row.holds, block: Number(row.block) }));
}

/** The delegated tokens of the given collections, per the index: what a one-time claim through a vault may name, `limit` at most. */
export async function delegatedTokens(
  db: SearchReader,
  delegations: ChainDelegation[],
  collectionIds: string[],
  limit: number,
): Promise<{ id: string; vault: string; token: string }[]> {
  if (delegations.length === 0 || collectionIds.length === 0) return [];
  return queryRows(
    db,
    sql`WITH ${coveredSql(delegations)}
        SELECT c.id, v.vault, v.token_id::text AS token
          FROM covered v
          JOIN chain_contracts k ON k.chain_key = v.chain_key AND k.address = v.address
          JOIN collections c ON ${NAMED_BY_COLLECTION}
         WHERE c.id IN (${sql.join(
           collectionIds.map((id) => sql`${id}`),
           sql`, `,
         )}) AND v.amount > 0
         ORDER BY c.id, v.token_id, v.vault
         LIMIT ${limit}`,
  );
}
