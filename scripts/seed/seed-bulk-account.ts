import { ensurePasswordAccount } from "@/lib/auth/demo-account";
import { refreshCollections } from "@/lib/collections/refresh";
import { getDb } from "@/lib/db/client";
import { collections } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { BULK_ACCOUNT, bulkStatus, bulkTitle } from "./bulk-account";
import { teamManagers } from "@/lib/teams/server/teams";

const BATCH = 1_000;

/** Seeds the bulk account's collections; the higher the index, the more recent its last change. */
export async function seedBulkAccount(): Promise<void> {
  const owner = await ensurePasswordAccount(BULK_ACCOUNT.email, BULK_ACCOUNT.password);
  const db = await getDb();
  const managers = await teamManagers(db, owner.teamId);
  const start = Date.now() - BULK_ACCOUNT.count;
  for (let done = 0; done < BULK_ACCOUNT.count; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, BULK_ACCOUNT.count - done) }, (_, offset) => {
      const index = done + offset;
      const status = bulkStatus(index);
      return {
        id: newId(),
        data: { Title: bulkTitle(index), ContractChain: "Base", ...(status ? { ReleaseStatus: status } : {}) },
        teamId: owner.teamId,
        managers,
        version: 1,
        lastmodified: start + index,
      };
    });
    await db.transaction(async (tx) => {
      await tx.insert(collections).values(rows);
      await refreshCollections(
        tx,
        rows.map((row) => row.id),
      );
    });
  }
}
