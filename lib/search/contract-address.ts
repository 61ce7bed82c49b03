import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { collectionSearch } from "@/lib/db/schema";
import { CATEGORIES, type Category } from "@/lib/schemas/category-list";
import { and } from "./filters";

const ADDRESS = /^0x[0-9a-f]{40}$/i;

/** `0x` and 40 hex digits, in any case, with surrounding space ignored. */
export const isContractAddress = (query: string) => ADDRESS.test(query.trim());

/** Most that a contract address places first; partners rarely list one contract twice. */
const MAX_FIRST = 100;

/**
 * The collections whose ContractAddress is `address` (any case, collections_contract_address_idx)
 * and that pass the category and filters (`scope`, on collection_search), newest first.
 */
export async function addressMatches(db: SearchReader, address: string, category: Category | undefined, scope: SQL[]): Promise<string[]> {
  const s = collectionSearch;
  const where = and([
    sql`${s.id} IN (SELECT id FROM collections WHERE lower(data ->> 'ContractAddress') = ${address.toLowerCase()})`,
    category ? sql`(${s.categories} & ${1 << CATEGORIES.indexOf(category)}) <> 0` : undefined,
    ...scope,
  ]);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT ${s.id} AS id FROM ${s} WHERE ${where} ORDER BY ${s.lastmodified} DESC NULLS LAST, ${s.id} LIMIT ${MAX_FIRST}`,
  );
  return rows.map((row) => row.id);
}
