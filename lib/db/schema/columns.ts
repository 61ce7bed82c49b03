import { customType } from "drizzle-orm/pg-core";

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const bitVarying = customType<{ data: string }>({ dataType: () => "bit varying" });

/** Text compared byte by byte, so that a prefix's terms are one range of an index. */
export const byteOrderText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/** Token ids and amounts are uint256: numeric(78) holds every one exactly. */
export const uint256 = customType<{ data: string }>({ dataType: () => "numeric(78, 0)" });

/** A transaction id that never wraps around (`pg_current_xact_id()`). */
export const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });
