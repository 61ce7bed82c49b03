import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getAddress } from "viem";
import { getSearchDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { readRecent } from "@/lib/db/read-cache";
import { env } from "@/lib/env";
import { perkClock } from "@/lib/schemas/perk-clock";
import { perkDocsOf, plan } from "./perks";
import type { PerkSearchDoc, PerkSearchParams } from "@/lib/schemas/perk-search-params";
import { PAGE_SIZE, RESULT_WINDOW } from "@/lib/schemas/search-params";
import type { DelegatedHolding, WalletPerkDoc, WalletPerksResult } from "@/lib/schemas/wallet-perks";
import { toTsQuery } from "./text-query";
import { countedHoldings } from "@/lib/holders/delegated-eligibility";
import { openPerks, type OpenPerk } from "./open-perks";
import { countAppearances } from "@/lib/insights/counter";

type Row = { id: string; distance: number | null; holds: string; required: string; block: number | string };

const asSafeInteger = (value: string) => Math.min(Number(value), Number.MAX_SAFE_INTEGER);

/**
 * The perks of the wallet's collections that need tokens, each with the wallet's holdings of its
 * collection and what it requires (an absent `TokensRequired` is 1), under the columns of
 * `perk_search`, so the search's plan reads them unchanged. The collections go as one JSON
 * parameter: hundreds of them would otherwise be hundreds of parameters.
 */
function heldPerks(held: string): SQL {
  return sql`SELECT ps.*, w.holds, w.block, coalesce((p.data ->> 'TokensRequired')::numeric, 1) AS required
               FROM jsonb_to_recordset(${held}::jsonb) AS w(id text, holds numeric, block bigint)
               JOIN public.perk_search ps ON ps.collection_id = w.id
               JOIN perks p ON p.id = ps.id
              WHERE (p.data ->> 'TokensRequired') IS DISTINCT FROM '0'`;
}

/** The first perks anyone may have, with what the wallet holds of their collection (0 when nothing). */
function openTop(held: string, open: OpenPerk[]): SQL {
  return sql`SELECT ps.*, coalesce(h.holds, 0) AS holds, o.block, 0::numeric AS required
               FROM jsonb_to_recordset(${JSON.stringify(open)}::jsonb) AS o(id text, block bigint)
               JOIN public.perk_search ps ON ps.id = o.id
               LEFT JOIN jsonb_to_recordset(${held}::jsonb) AS h(id text, holds numeric) ON h.id = ps.collection_id`;
}

function withEligibility(row: Row, doc: PerkSearchDoc, Delegated: DelegatedHolding[]): WalletPerkDoc {
  const Holds = asSafeInteger(row.holds);
  const TokensRequired = asSafeInteger(row.required);
  return { ...doc, Eligibility: { Eligible: Holds >= TokensRequired, Holds, Delegated, TokensRequired, Block: Number(row.block) } };
}

type Parts = { total: string | number; page: Row[] | null; close: Row[] | null };

/**
 * Two parts that never overlap: the perks needing tokens of the collections the wallet holds
 * (read per wallet: a few hundred rows), and the perks anyone may have (the same for every
 * wallet, read once and shared). A page is the first rows of both in the search's order, so only
 * the first `offset + 20` perks anyone may have take part in it. The wallet's perks are read once,
 * in one statement that counts them and takes the page and the perks it is close to.
 */
async function runWalletPerks(
  db: SearchReader,
  wallet: string,
  params: PerkSearchParams,
  tsQuery: string | null,
  now: number,
): Promise<WalletPerksResult> {
  const [{ collections, vaults, reads }, open] = await Promise.all([countedHoldings(db, wallet), openPerks(db, params, tsQuery, now)]);
  const held = JSON.stringify(collections);
  const { where, order, distance } = plan(params, tsQuery, now);
  const columns = sql`id, ${distance ?? sql`NULL::float8`} AS distance, holds::text AS holds, required::text AS required, block`;
  const offset = ((params.pageNum ?? 1) - 1) * PAGE_SIZE;
  const onPage = offset < RESULT_WINDOW ? PAGE_SIZE : 0;

  // The CTE takes the table's name, so the search's plan reads the wallet's perks unchanged.
  const [parts] = await queryRows<Parts>(
    db,
    sql`WITH perk_search AS MATERIALIZED (${heldPerks(held)}),
        counted AS (SELECT count(*) AS total FROM (SELECT 1 FROM perk_search WHERE ${where} AND required <= holds LIMIT ${RESULT_WINDOW}) w),
        page AS (SELECT ${columns}, row_number() OVER (ORDER BY ${order}) AS ord
                   FROM (SELECT * FROM perk_search UNION ALL ${openTop(held, open.slice(0, onPage ? offset + onPage : 0))}) perk_search
                  WHERE ${where} AND required <= holds ORDER BY ${order} LIMIT ${onPage} OFFSET ${offset}),
        close AS (SELECT ${columns}, row_number() OVER (ORDER BY required - holds, ${order}) AS ord
                    FROM perk_search WHERE ${where} AND holds > 0 AND required > holds
                   ORDER BY required - holds, ${order} LIMIT ${PAGE_SIZE})
        SELECT (SELECT total FROM counted) AS total,
               (SELECT json_agg(page ORDER BY ord) FROM page) AS page,
               (SELECT json_agg(close ORDER BY ord) FROM close) AS close`,
  );
  const matches = Math.min(Number(parts?.total ?? 0) + open.length, RESULT_WINDOW);
  const page = parts?.page ?? [];
  const close = parts?.close ?? [];
  const docs = new Map((await perkDocsOf(db, [...page, ...close], now)).map((doc) => [doc.PlatformPerkId, doc]));
  const docsOf = (rows: Row[]) =>
    rows.flatMap((row) => {
      const doc = docs.get(row.id);
      return doc ? [withEligibility(row, doc, vaults.get(doc.PlatformNFTId) ?? [])] : [];
    });
  return {
    Address: getAddress(wallet),
    Delegations: reads,
    NumPages: Math.ceil(matches / PAGE_SIZE),
    Docs: docsOf(page),
    Close: docsOf(close),
  };
}

/**
 * The perks a wallet is eligible for across every synced collection (DESIGN.md, "Holders"), with
 * the same filters and order as the perk search, 20 a page within the first RESULT_WINDOW, and the
 * perks it is close to. Holdings come from the index: the figures are true at each collection's
 * last indexed block, which every doc states. The one chain read is the delegate registry, for
 * the vaults that delegated to the wallet (shared for DELEGATION_CACHE_MS). Answers may be up to
 * SEARCH_CACHE_MS old, as search's are.
 */
export async function walletPerks(wallet: string, params: PerkSearchParams): Promise<WalletPerksResult> {
  const db = await getSearchDb();
  const tsQuery = params.query ? toTsQuery(params.query) : null;
  const now = perkClock.now();
  const key = JSON.stringify(["wallet-perks", wallet, { ...params, query: tsQuery }]);
  return countAppearances("wallet", await readRecent(key, env().SEARCH_CACHE_MS, () => runWalletPerks(db, wallet, params, tsQuery, now)));
}
