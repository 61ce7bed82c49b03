import "server-only";
import { sql } from "drizzle-orm";
import { NAMED_BY_COLLECTION, namesSyncedContract, syncedContractSql } from "@/lib/chain/server/holdings";
import { queryRows } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { readRecent } from "@/lib/db/read-cache";
import { env } from "@/lib/env";
import { plan } from "./perks";
import type { PerkSearchParams } from "@/lib/schemas/perk-search-params";
import { RESULT_WINDOW } from "@/lib/schemas/search-params";

/** A perk anyone may have, in the search's order, with the block its collection's contract is indexed to. */
export type OpenPerk = { id: string; block: number };

type Row = { id: string; block: number | string; chain: string | null; address: string | null };

/** Rows read past the window, for the few a mixed-case address with a failing checksum drops. */
const SLACK = 1_000;
/**
 * How long one read of them serves every wallet. They change only when a partner writes or a
 * contract's sync state changes, and eligibility already lags the chain by its confirmation depth
 * and CHAIN_SYNC_INTERVAL_SECONDS; reading them costs a join over every such perk
 * (docs/performance.md, "Wallet eligibility").
 */
const SHARED_FOR_MS = 5_000;

async function readOpenPerks(db: SearchReader, params: PerkSearchParams, tsQuery: string | null, now: number): Promise<OpenPerk[]> {
  const { where, order } = plan(params, tsQuery, now);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT id, block, chain, address FROM (
          SELECT ps.*, k.cursor_block AS block, c.data ->> 'ContractChain' AS chain, c.data ->> 'ContractAddress' AS address
            FROM perks p
            JOIN perk_search ps ON ps.id = p.id
            JOIN collections c ON c.id = p.collection_id
            JOIN chain_contracts k ON ${NAMED_BY_COLLECTION}
           WHERE p.data ->> 'TokensRequired' = '0' AND ${syncedContractSql()}) perk_search
         WHERE ${where} ORDER BY ${order} LIMIT ${RESULT_WINDOW + SLACK}`,
  );
  return rows
    .filter((row) => namesSyncedContract(row.chain, row.address))
    .slice(0, RESULT_WINDOW)
    .map((row) => ({ id: row.id, block: Number(row.block) }));
}

/**
 * The perks of synced collections that anyone may have (`TokensRequired` 0), matching the filters,
 * in the search's order, within the window. The same for every wallet, so one read serves every
 * wallet's requests for SHARED_FOR_MS (none when SEARCH_CACHE_MS is 0: every answer exact).
 */
export function openPerks(db: SearchReader, params: PerkSearchParams, tsQuery: string | null, now: number): Promise<OpenPerk[]> {
  const { pageNum: _page, ...filters } = params;
  const key = JSON.stringify(["open-perks", { ...filters, query: tsQuery }]);
  const maxAgeMs = env().SEARCH_CACHE_MS === 0 ? 0 : Math.max(env().SEARCH_CACHE_MS, SHARED_FOR_MS);
  return readRecent(key, maxAgeMs, () => readOpenPerks(db, params, tsQuery, now));
}
