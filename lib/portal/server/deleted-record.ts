import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { collectionHistory } from "@/lib/db/schema";
import type { ObjectChange } from "@/lib/schemas/history";
import { isPossibleId } from "@/lib/schemas/path-id";

/**
 * A collection of this team that was deleted, as its history's last entry tells it (history
 * outlives the collection): its title and how many perks went with it. Null when the collection
 * was not deleted, or was another team's: nobody learns more than a 404 would tell them.
 */
export async function findDeletedByTeam(teamId: string, id: string): Promise<{ title: string; perks: number } | null> {
  if (!isPossibleId(id)) return null;
  const db = await getDb();
  const [last] = await db
    .select({ teamId: collectionHistory.teamId, changes: collectionHistory.changes, state: collectionHistory.state })
    .from(collectionHistory)
    .where(eq(collectionHistory.collectionId, id))
    .orderBy(desc(collectionHistory.id))
    .limit(1);
  if (!last || last.state !== null || last.teamId !== teamId) return null;
  const changes = last.changes as ObjectChange[];
  const collection = changes.find((change) => change.Object === "collection" && change.Kind === "deleted");
  if (!collection) return null;
  const title = collection.Fields.find((field) => field.Path === "Title")?.From;
  const perks = changes.filter((change) => change.Object === "perk" && change.Kind === "deleted").length;
  return { title: typeof title === "string" ? title : id, perks };
}
