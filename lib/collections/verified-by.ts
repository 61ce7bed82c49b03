import "server-only";
import { sql, type SQL } from "drizzle-orm";

/**
 * The address that verified a collection (its contract's `owner()`), null when the collection
 * does not hold its contract's badge: the rule of `toCollectionDoc`, for reads that show the badge
 * without the whole record (the portal's list, perk search). One primary-key probe.
 */
export const verifiedByOf = (id: SQL, data: SQL): SQL =>
  sql`(SELECT k.verified_by FROM chain_contracts k
        WHERE k.chain_key = lower(btrim(${data} ->> 'ContractChain')) AND k.address = lower(${data} ->> 'ContractAddress')
          AND k.verified_collection_id = ${id})`;
