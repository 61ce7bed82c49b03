import "server-only";
import { sql } from "drizzle-orm";
import { getExactReadDb } from "@/lib/db/client";
import { queryReused } from "@/lib/db/queries";
import { takeSnapshot } from "@/lib/db/read-cache";
import { isPossibleId } from "@/lib/schemas/path-id";
import { SEARCH_PAGES } from "@/lib/http/public-pages.mjs";

const COLLECTION_PAGE = /^\/collections\/([^/]+)$/;

/**
 * What a kept page is valid for (lib/http/server/kept-pages.ts, docs/decisions/094): the same
 * stamp, the same page. A collection's page shows its row (the record, its perks and public
 * history, which every write of them changes along with the row's Version) and its contract's
 * sync row (chain facts, the verified badge), so its stamp is the two rows' `xmin`: the
 * transaction that last wrote each, which any write of either changes and no other write does.
 * An unknown id's 404 is stamped with the database snapshot, which any commit changes; `/docs`
 * reads no data. "" when no stamp can be had: nothing is kept.
 */
export async function pageStamp(path: string): Promise<string> {
  if (path === "/docs") return "docs";
  // The browser and perk discovery are kept while their search answers stay fresh, and after that
  // while they are found unchanged (docs/decisions/099), as the render notes (lib/browse/server/page-freshness.ts).
  if (SEARCH_PAGES.includes(path)) return "search";
  const id = decodedId(COLLECTION_PAGE.exec(path)?.[1]);
  if (id !== null && isPossibleId(id)) {
    // Prepared: the plan is two primary-key reads whatever the id.
    const [row] = await queryReused<{ stamp: string }>(
      await getExactReadDb(),
      sql`SELECT c.xmin::text || '/' || coalesce((SELECT cc.xmin::text FROM chain_contracts cc
            WHERE cc.chain_key = lower(c.data ->> 'ContractChain') AND cc.address = lower(c.data ->> 'ContractAddress')), '') AS stamp
          FROM collections c WHERE c.id = ${id}`,
    );
    if (row) return `rows:${row.stamp}`;
  }
  const snapshot = await takeSnapshot();
  return snapshot ? `snapshot:${snapshot}` : "";
}

function decodedId(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
