import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Transaction } from "@/lib/db/client";
import { collections, perks } from "@/lib/db/schema";
import { badRequest, forbidden, notFound, staleVersion } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { COLLECTION_FIELD_KEYS, type CollectionFields } from "@/lib/schemas/collection";
import { GATEWAY_STATUS, type CreateRequest } from "@/lib/schemas/create-request";
import { PERK_FIELD_KEYS, type PerkFields } from "@/lib/schemas/perk";
import { insertCollection, refreshCollections } from "./refresh";

type Plain = Record<string, unknown>;

/** Keeps only the partner-owned fields, so nothing server-managed is ever stored from input. */
function pick<T>(source: Plain, keys: readonly (keyof T)[]): T {
  const picked: Plain = {};
  for (const key of keys) {
    if (source[key as string] !== undefined) picked[key as string] = source[key as string];
  }
  return picked as T;
}

/** Where in the request each referenced collection id came from, for error messages. */
export type Reference = { id: string; field: string };

/**
 * Checks the id rules that need no database: which perks may name which collection, and that
 * each perk to edit appears once. Returns the collections the request touches.
 */
function collectReferences(request: CreateRequest): Reference[] {
  const nftId = request.nftData?.PlatformNFTId || undefined;
  const references = new Map<string, Reference>();
  if (nftId) references.set(nftId, { id: nftId, field: "nftData.PlatformNFTId" });
  const seenPerkIds = new Map<string, number>();

  request.perkData?.forEach((perk, index) => {
    const field = `perkData[${index}]`;
    const perkNftId = perk.PlatformNFTId || undefined;
    const perkId = perk.PlatformPerkId || undefined;
    if (perkId && !perkNftId) {
      throw badRequest(`${field}.PlatformNFTId: required to edit perk "${perkId}"`);
    }
    if (request.nftData && perkNftId && perkNftId !== nftId) {
      throw badRequest(`${field}.PlatformNFTId: must be empty or equal nftData.PlatformNFTId`);
    }
    if (!request.nftData && !perkNftId) {
      throw badRequest(`${field}.PlatformNFTId: required when nftData is not sent`);
    }
    if (perkId) {
      const first = seenPerkIds.get(perkId);
      if (first !== undefined) {
        throw badRequest(`${field}.PlatformPerkId: perk "${perkId}" is already edited by perkData[${first}]`);
      }
      seenPerkIds.set(perkId, index);
    }
    if (perkNftId && !references.has(perkNftId)) {
      references.set(perkNftId, { id: perkNftId, field: `${field}.PlatformNFTId` });
    }
  });
  return [...references.values()];
}

/** Locks the touched collections (in id order, so concurrent requests cannot deadlock) and checks them. */
export async function lockCollections(tx: Transaction, userId: string, references: Reference[]) {
  if (references.length === 0) return new Map<string, number>();
  const ids = references.map((reference) => reference.id).sort();
  const rows = await tx
    .select({ id: collections.id, managers: collections.managers, version: collections.version })
    .from(collections)
    .where(inArray(collections.id, ids))
    .orderBy(collections.id)
    .for("update");
  const versions = new Map<string, number>();
  for (const reference of references) {
    const row = rows.find((candidate) => candidate.id === reference.id);
    if (!row) throw notFound(`${reference.field}: collection "${reference.id}" not found`);
    if (!row.managers.includes(userId)) {
      throw forbidden(`${reference.field}: you are not a manager of collection "${reference.id}"`);
    }
    versions.set(row.id, row.version);
  }
  return versions;
}

async function checkPerksToEdit(tx: Transaction, request: CreateRequest): Promise<void> {
  const edits = (request.perkData ?? [])
    .map((perk, index) => ({ perkId: perk.PlatformPerkId, nftId: perk.PlatformNFTId, index }))
    .filter((edit): edit is { perkId: string; nftId: string; index: number } => Boolean(edit.perkId));
  if (edits.length === 0) return;
  const rows = await tx
    .select({ id: perks.id, collectionId: perks.collectionId })
    .from(perks)
    .where(inArray(perks.id, edits.map((edit) => edit.perkId)));
  for (const edit of edits) {
    const row = rows.find((candidate) => candidate.id === edit.perkId);
    if (!row || row.collectionId !== edit.nftId) {
      throw notFound(
        `perkData[${edit.index}].PlatformPerkId: perk "${edit.perkId}" not found in collection "${edit.nftId}"`,
      );
    }
  }
}

async function nextPositions(tx: Transaction, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ collectionId: perks.collectionId, next: sql<number>`max(${perks.position}) + 1` })
    .from(perks)
    .where(inArray(perks.collectionId, ids))
    .groupBy(perks.collectionId);
  return new Map(rows.map((row) => [row.collectionId, Number(row.next)]));
}

/** Stores the request's perks: edits replace their perk, the rest are inserted in one statement. */
async function writePerks(
  tx: Transaction,
  request: CreateRequest,
  nftId: string | undefined,
  existingCollections: string[],
): Promise<string[]> {
  const list = request.perkData ?? [];
  if (list.length === 0) return [];
  const positions = await nextPositions(tx, existingCollections);
  const inserts: (typeof perks.$inferInsert)[] = [];
  const ids: string[] = [];
  for (const perk of list) {
    const collectionId = perk.PlatformNFTId || nftId;
    if (!collectionId) throw new Error("perk without a collection after validation");
    const data = pick<PerkFields>(perk, PERK_FIELD_KEYS);
    if (perk.PlatformPerkId) {
      await tx
        .update(perks)
        .set({ data })
        .where(and(eq(perks.id, perk.PlatformPerkId), eq(perks.collectionId, collectionId)));
      ids.push(perk.PlatformPerkId);
    } else {
      const position = positions.get(collectionId) ?? 0;
      positions.set(collectionId, position + 1);
      const id = newId();
      inserts.push({ id, collectionId, position, data });
      ids.push(id);
    }
  }
  if (inserts.length > 0) await tx.insert(perks).values(inserts);
  return ids;
}

export type CreateResponse = Plain & { GatewayStatus: string };

/**
 * Applies a create/edit request for a caller, all or nothing: the contract's rules 1–6 plus
 * ownership, the Version precondition and unknown-id checks. Returns the echo of `submitted`
 * with the assigned ids and new Version filled in.
 */
export async function applyCreateRequest(
  userId: string,
  request: CreateRequest,
  submitted: Plain,
): Promise<CreateResponse> {
  const references = collectReferences(request);
  const db = await getDb();
  const now = Date.now();

  if (request.nftData && references.length === 0) {
    // A new collection with new perks only: one statement, no locks to take.
    const nftId = newId();
    const perkIds = (request.perkData ?? []).map(() => newId());
    await insertCollection(db, {
      id: nftId,
      data: pick<CollectionFields>(request.nftData, COLLECTION_FIELD_KEYS),
      managers: [userId],
      lastmodified: now,
      perks: (request.perkData ?? []).map((perk, index) => ({ id: perkIds[index]!, data: pick<PerkFields>(perk, PERK_FIELD_KEYS) })),
    });
    return echo(submitted, request, { nftId, perkIds, newVersions: new Map([[nftId, 1]]) });
  }

  const assigned = await db.transaction(async (tx) => {
    const versions = await lockCollections(tx, userId, references);
    await checkPerksToEdit(tx, request);
    const newVersions = new Map<string, number>();

    let nftId = request.nftData?.PlatformNFTId || undefined;
    if (request.nftData) {
      const data = pick<CollectionFields>(request.nftData, COLLECTION_FIELD_KEYS);
      if (nftId) {
        const stored = versions.get(nftId);
        const sent = request.nftData.Version;
        if (sent !== undefined && sent !== stored) {
          throw staleVersion("nftData.Version", stored, sent);
        }
        await tx.update(collections).set({ data }).where(eq(collections.id, nftId));
      } else {
        nftId = newId();
        await tx.insert(collections).values({ id: nftId, data, managers: [userId], version: 1, lastmodified: now });
        newVersions.set(nftId, 1);
      }
    }

    // Every existing collection the request touches gets a new Version, in one statement.
    const existing = [...versions.keys()];
    if (existing.length > 0) {
      const bumped = await tx
        .update(collections)
        .set({ version: sql`${collections.version} + 1`, lastmodified: now })
        .where(inArray(collections.id, existing))
        .returning({ id: collections.id, version: collections.version });
      for (const row of bumped) newVersions.set(row.id, row.version);
    }

    const perkIds = await writePerks(tx, request, nftId, existing);
    await refreshCollections(tx, [...newVersions.keys()]);
    return { nftId, perkIds, newVersions };
  });

  return echo(submitted, request, assigned);
}

function echo(
  submitted: Plain,
  request: CreateRequest,
  assigned: { nftId?: string; perkIds: string[]; newVersions: Map<string, number> },
): CreateResponse {
  const response: Plain = structuredClone(submitted);
  if (request.nftData && assigned.nftId) {
    response.nftData = {
      ...(response.nftData as Plain),
      PlatformNFTId: assigned.nftId,
      Version: assigned.newVersions.get(assigned.nftId),
    };
  }
  if (request.perkData) {
    response.perkData = (response.perkData as Plain[]).map((perk, index) => ({
      ...perk,
      PlatformNFTId: request.perkData?.[index]?.PlatformNFTId || assigned.nftId,
      PlatformPerkId: assigned.perkIds[index],
    }));
  }
  return { ...response, GatewayStatus: GATEWAY_STATUS };
}
