import "server-only";
import { countManagedCollections, readManagedCollections } from "@/lib/collections/store";
import { MANAGED_PAGE_SIZE, type ManagedListInput } from "@/lib/schemas/managed-list";
import type { ManagedListPage } from "@/lib/schemas/managed-collection";

/**
 * One page of the collections a partner manages, with the true total: newest change first or by
 * title, narrowed by title text and release status. A page past the end is the last page.
 */
export async function listManagedCollections(userId: string, input: ManagedListInput): Promise<ManagedListPage> {
  const total = await countManagedCollections(userId, input);
  const pageCount = Math.ceil(total / MANAGED_PAGE_SIZE);
  const page = Math.max(1, Math.min(input.page, pageCount));
  if (total === 0) return { collections: [], total, page, pageCount };
  const list = await readManagedCollections(userId, input, { offset: (page - 1) * MANAGED_PAGE_SIZE, limit: MANAGED_PAGE_SIZE });
  return { collections: list, total, page, pageCount };
}
