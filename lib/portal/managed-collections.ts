import "server-only";
import { and, arrayContains, desc, ilike, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { collections } from "@/lib/db/schema";
import type { ManagedCollection } from "@/lib/schemas/managed-collection";

/** The list is for finding one's own work, not for paging through a catalogue. */
export const MANAGED_LIST_LIMIT = 200;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** The collections a partner manages, newest change first, optionally narrowed by title text. */
export async function listManagedCollections(userId: string, titleText = ""): Promise<ManagedCollection[]> {
  const db = await getDb();
  const text = titleText.trim().replaceAll("\u0000", "");
  const rows = await db
    .select({
      id: collections.id,
      title: sql<string>`${collections.data}->>'Title'`,
      chain: sql<string>`${collections.data}->>'ContractChain'`,
      releaseStatus: sql<string | null>`${collections.data}->>'ReleaseStatus'`,
      imagePic: sql<string | null>`${collections.data}->>'ImagePic'`,
      perkCount: sql<number>`cardinality(${collections.perkIds})`,
      lastmodified: collections.lastmodified,
      version: collections.version,
    })
    .from(collections)
    .where(
      and(
        arrayContains(collections.managers, [userId]),
        text ? ilike(sql`${collections.data}->>'Title'`, `%${escapeLike(text)}%`) : undefined,
      ),
    )
    .orderBy(desc(collections.lastmodified), collections.id)
    .limit(MANAGED_LIST_LIMIT);
  return rows.map((row) => ({
    ...row,
    releaseStatus: row.releaseStatus === "Upcoming" || row.releaseStatus === "Available" ? row.releaseStatus : null,
    perkCount: Number(row.perkCount),
  }));
}
