import { ensureDemoAccount } from "@/lib/auth/demo-account";
import { refreshCollections } from "@/lib/collections/refresh";
import { getDb } from "@/lib/db/client";
import { collections, perks } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { demoCollection } from "./demo-data";

const BATCH = 500;

/**
 * Stores `count` demo collections managed by the demo account (whose portal password it sets), in
 * transactions of 500, through the same derived-column refresh the API uses. Calls `onProgress`
 * after each batch.
 */
export async function seedCollections(count: number, onProgress: (done: number) => void = () => {}): Promise<void> {
  const owner = await ensureDemoAccount();
  const db = await getDb();
  const now = Date.now();
  for (let done = 0; done < count; ) {
    const size = Math.min(BATCH, count - done);
    const batch = Array.from({ length: size }, () => ({ id: newId(), ...demoCollection(now) }));
    await db.transaction(async (tx) => {
      await tx.insert(collections).values(
        batch.map(({ id, data, createdAt, lastmodified }) => ({ id, data, createdAt, lastmodified, managers: [owner.id], version: 1 })),
      );
      const perkRows = batch.flatMap(({ id, perks: list }) =>
        list.map((data, position) => ({ id: newId(), collectionId: id, position, data })),
      );
      if (perkRows.length > 0) await tx.insert(perks).values(perkRows);
      await refreshCollections(tx, batch.map(({ id }) => id));
    });
    done += size;
    onProgress(done);
  }
}
