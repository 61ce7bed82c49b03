import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { verifiedByOf } from "@/lib/collections/verified-by";
import { toPerkDoc } from "@/lib/collections/wire-shapes";
import { getSearchDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { readRecent } from "@/lib/db/read-cache";
import { env } from "@/lib/env";
import { CATEGORIES } from "@/lib/schemas/category-list";
import type { PerkFields } from "@/lib/schemas/perk";
import { DEFAULT_RADIUS_KM, type PerkSearchDoc, type PerkSearchParams, type PerkSearchResult } from "@/lib/schemas/perk-search-params";
import { PAGE_SIZE, RESULT_WINDOW } from "@/lib/schemas/search-params";
import { effectiveSort } from "./perk-sort";
import { toTsQuery } from "./text-query";
import { perkClock } from "@/lib/schemas/perk-clock";
import { boundingBox, EARTH_RADIUS_KM, type Point } from "./geo";
import { effectivePerkStatus } from "@/lib/schemas/perk-lifecycle";
import { countAppearances } from "@/lib/insights/counter";
import { admitSearch } from "./admission";

const DAY_MS = 86_400_000;

/** The haversine distance in km from `center` to a row's (lat, long), as `haversineKm` computes it. */
function distanceSql(center: Point): SQL {
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(lat - ${center.lat}::float8) / 2), 2)
    + cos(radians(${center.lat}::float8)) * cos(radians(lat)) * power(sin(radians(long - ${center.long}::float8) / 2), 2)))))`;
}

/** The bounding box as index conditions: a latitude range, and the longitude ranges unless it covers them all. */
function boxSql(center: Point, radiusKm: number): SQL {
  const box = boundingBox(center, radiusKm);
  const band = sql`lat BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8`;
  if (!box.longs) return sql`${band} AND long IS NOT NULL`;
  const ranges = box.longs.map(([west, east]) => sql`long BETWEEN ${west}::float8 AND ${east}::float8`);
  return sql`${band} AND (${sql.join(ranges, sql` OR `)})`;
}

/**
 * Past by its stored Status or its date at `now`: `effectivePerkStatus` over the row's columns.
 * Null-safe, so that a row without a stored Status is upcoming until its date, in every order.
 */
const pastSql = (now: number) => sql`(status IS NOT DISTINCT FROM 'Past' OR past_from <= ${now})`;

export type Plan = { where: SQL; order: SQL; distance: SQL | null };

/** The WHERE and ORDER BY of a perk search over `perk_search`'s columns (unqualified, so a query may read them from a subquery of that name). */
export function plan(params: PerkSearchParams, tsQuery: string | null, now: number): Plan {
  const conditions: SQL[] = [];
  if (params.category) conditions.push(sql`(categories & ${1 << CATEGORIES.indexOf(params.category)}) <> 0`);
  const text = tsQuery === null ? null : sql`to_tsquery('simple', ${tsQuery})`;
  if (text) conditions.push(sql`search_tsv @@ ${text}`);
  if (params.from !== undefined) conditions.push(sql`date_ms >= ${params.from}`);
  if (params.to !== undefined) conditions.push(sql`date_ms < ${params.to + DAY_MS}`);
  if (params.status === "Past") conditions.push(pastSql(now));
  if (params.status === "Upcoming") conditions.push(sql`(status = 'Upcoming' AND (past_from IS NULL OR past_from > ${now}))`);
  if (params.oneTime === true) conditions.push(sql`one_time IS TRUE`);
  if (params.oneTime === false) conditions.push(sql`one_time IS NOT TRUE`);
  // Verified collections are few: a semi-join on their partial index (migration 0019).
  if (params.verified) conditions.push(sql`collection_id IN (SELECT id FROM collection_search WHERE verified)`);
  let distance: SQL | null = null;
  if (params.near) {
    const radiusKm = params.radiusKm ?? DEFAULT_RADIUS_KM;
    distance = distanceSql(params.near);
    conditions.push(boxSql(params.near, radiusKm), sql`${distance} <= ${radiusKm}::float8`);
  }
  // Upcoming soonest first, then past most recent first, then undated.
  const past = pastSql(now);
  const byDate = sql`CASE WHEN date_ms IS NULL THEN 2 WHEN ${past} THEN 1 ELSE 0 END,
                     CASE WHEN NOT ${past} THEN date_ms END ASC, date_ms DESC`;
  const sort = effectiveSort(params);
  const order =
    sort === "distance" && distance
      ? sql`${distance}, id`
      : sort === "relevance" && text
        ? sql`CASE WHEN short_tsv @@ ${text} THEN 0 ELSE 1 END, ${byDate}, id`
        : sql`${byDate}, id`;
  return { where: conditions.length ? sql.join(conditions, sql` AND `) : sql`true`, order, distance };
}

/** How many rows match `where`, counting no further than `limit`: a bounded read. */
async function countUpTo(db: SearchReader, where: SQL, limit: number): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(
    db,
    sql`SELECT count(*) AS total FROM (SELECT 1 FROM perk_search WHERE ${where} LIMIT ${limit}) w`,
  );
  return Number(row?.total ?? 0);
}

/** Smaller circles a distance-ordered page is first looked for in, as shares of the radius asked for. */
const INNER_CIRCLES = [1 / 16, 1 / 4];

/**
 * The plan of a smaller circle that holds the first `needed` perks of a distance-ordered search,
 * or null when none does (or the order is not by distance). Ordered by distance, the first
 * `needed` matches all lie within any circle holding at least `needed` of them, so the page read
 * within it is the same page; but it orders a few hundred perks, not every perk of the circle
 * asked for (~44,000 within 50 km of a city at a million collections). Each try is a count that
 * stops at `needed`.
 */
async function innerCircle(
  db: SearchReader,
  params: PerkSearchParams,
  tsQuery: string | null,
  now: number,
  needed: number,
  matches: number,
): Promise<Plan | null> {
  if (!params.near || effectiveSort(params) !== "distance" || matches < needed) return null;
  const radiusKm = params.radiusKm ?? DEFAULT_RADIUS_KM;
  for (const share of INNER_CIRCLES) {
    const inner = plan({ ...params, radiusKm: radiusKm * share }, tsQuery, now);
    if ((await countUpTo(db, inner.where, needed)) >= needed) return inner;
  }
  return null;
}

export type PageRow = { id: string; distance: number | null };
type DocRow = {
  id: string;
  collection_id: string;
  data: PerkFields;
  title: string | null;
  image: string | null;
  verified_by: string | null;
};

/** The perks of a page, in its order, as search docs: each with its collection's title and image, its Status at `now`. */
export async function perkDocsOf(db: SearchReader, page: PageRow[], now: number): Promise<PerkSearchDoc[]> {
  if (page.length === 0) return [];
  const rows = await queryRows<DocRow>(
    db,
    sql`SELECT p.id, p.collection_id, p.data, c.data ->> 'Title' AS title, c.data ->> 'ImagePic' AS image,
                ${verifiedByOf(sql`c.id`, sql`c.data`)} AS verified_by
          FROM perks p JOIN collections c ON c.id = p.collection_id
         WHERE p.id IN (${sql.join(
           page.map((row) => sql`${row.id}`),
           sql`, `,
         )})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.flatMap(({ id, distance: km }): PerkSearchDoc[] => {
    const row = byId.get(id);
    if (!row) return [];
    const perk = toPerkDoc({ id: row.id, collectionId: row.collection_id, data: row.data });
    const Status = effectivePerkStatus(perk.Status, perk.Date, now);
    return [
      {
        ...perk,
        ...(Status ? { Status } : {}),
        CollectionTitle: row.title ?? "",
        ...(row.image ? { CollectionImage: row.image } : {}),
        ...(row.verified_by ? { CollectionVerifiedBy: row.verified_by } : {}),
        ...(km === null ? {} : { DistanceKm: Math.round(Number(km) * 1000) / 1000 }),
      },
    ];
  });
}

/**
 * The date order (`plan`'s `byDate`) as four parts, each an index range read in its own order:
 * upcoming soonest first; then past, most recent first, where those marked Past but dated ahead
 * come first; then undated. Upcoming perks are dated at most a day back, because `past_from` is
 * at most a day after the date (migration 0007). Each part's conditions are columns of an index
 * that holds what the filters test (migration 0029), so a page reads about its own entries
 * instead of sorting every match.
 */
function dateParts(now: number): { where: SQL; order: SQL }[] {
  return [
    { where: sql`date_ms > ${now - DAY_MS} AND status IS DISTINCT FROM 'Past' AND past_from > ${now}`, order: sql`date_ms, id` },
    { where: sql`date_ms >= ${now} AND status = 'Past'`, order: sql`date_ms DESC, id` },
    { where: sql`date_ms < ${now} AND ${pastSql(now)}`, order: sql`date_ms DESC, id` },
    { where: sql`date_ms IS NULL`, order: sql`date_ms, id` },
  ];
}

/**
 * One page in the date order, read part by part: a part the page starts past is counted (no
 * further than the rows to skip) and passed over, and reading stops once the page is full or the
 * matches end. The same rows as `ORDER BY byDate LIMIT … OFFSET …`, which sorts every match.
 */
async function pageByDate(db: SearchReader, where: SQL, now: number, offset: number, matches: number): Promise<PageRow[]> {
  const rows: PageRow[] = [];
  let skip = offset;
  for (const part of dateParts(now)) {
    if (rows.length === PAGE_SIZE || offset + rows.length >= matches) break;
    const scope = sql`${where} AND ${part.where}`;
    const found = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM perk_search WHERE ${scope} ORDER BY ${part.order} LIMIT ${PAGE_SIZE - rows.length} OFFSET ${skip}`,
    );
    rows.push(...found.map(({ id }) => ({ id, distance: null })));
    // A part that ended on this page leaves the rest of it to the next part's first rows.
    if (found.length > 0) skip = 0;
    else if (skip > 0) skip -= await countUpTo(db, scope, skip);
  }
  return rows;
}

async function runPerkSearch(db: SearchReader, params: PerkSearchParams, tsQuery: string | null, now: number): Promise<PerkSearchResult> {
  const { where, order, distance } = plan(params, tsQuery, now);
  const offset = ((params.pageNum ?? 1) - 1) * PAGE_SIZE;
  const matches = await countUpTo(db, where, RESULT_WINDOW);
  const NumPages = Math.ceil(matches / PAGE_SIZE);
  if (offset >= matches) return { NumPages, Docs: [] };
  // Without words or a place, no other index narrows the matches: the date order's own ranges do.
  if (effectiveSort(params) === "date" && tsQuery === null && !params.near) {
    return { NumPages, Docs: await perkDocsOf(db, await pageByDate(db, where, now, offset, matches), now) };
  }

  const inner = await innerCircle(db, params, tsQuery, now, offset + PAGE_SIZE, matches);
  const paged = inner ?? { where, order, distance };
  const page = await queryRows<PageRow>(
    db,
    sql`SELECT id, ${paged.distance ?? sql`NULL::float8`} AS distance FROM perk_search WHERE ${paged.where}
         ORDER BY ${paged.order} LIMIT ${PAGE_SIZE} OFFSET ${offset}`,
  );
  return { NumPages, Docs: await perkDocsOf(db, page, now) };
}

/**
 * Perks matching every filter given, 20 a page within the first RESULT_WINDOW matches. Near a
 * point, an index range on the bounding box narrows the rows before the exact great-circle
 * distance filters and orders them. Status is judged at `perkClock.now()`. Answers may be up to
 * SEARCH_CACHE_MS old, as search's are.
 */
export async function searchPerks(params: PerkSearchParams): Promise<PerkSearchResult> {
  const db = await getSearchDb();
  const tsQuery = params.query ? toTsQuery(params.query) : null;
  const now = perkClock.now();
  const key = JSON.stringify(["perks", { ...params, query: tsQuery }]);
  return countAppearances(
    "search",
    await readRecent(key, env().SEARCH_CACHE_MS, () => admitSearch(() => runPerkSearch(db, params, tsQuery, now))),
  );
}
