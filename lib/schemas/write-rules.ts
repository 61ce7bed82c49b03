import { badRequest, forbidden, notFound, staleVersion } from "@/lib/errors";
import type { CreateRequest } from "@/lib/schemas/create-request";
import { LIMITS } from "@/lib/schemas/limits";

/*
 * The rules of a write that need no database: they judge the request and what the store found,
 * and throw the error the caller gets. The store and the orchestration decide when they run.
 */

/** Where in the request each referenced collection id came from, for error messages. */
export type Reference = { id: string; field: string };

/**
 * Checks which perks may name which collection, and that each perk to edit appears once.
 * Returns the collections the request touches, each with the first field that named it.
 */
export function collectReferences(request: CreateRequest): Reference[] {
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

export type LockedCollection = { id: string; teamId: string; version: number };

/**
 * Every referenced collection must exist and belong to the caller's team; checked in the order the
 * request named them, so the error names the first field at fault. Returns their stored Versions.
 * Whether the caller's role may write was settled by the route (lib/http/server/route.ts).
 */
export function checkManaged(teamId: string, references: Reference[], rows: LockedCollection[]): Map<string, number> {
  const versions = new Map<string, number>();
  for (const reference of references) {
    const row = rows.find((candidate) => candidate.id === reference.id);
    if (!row) throw notFound(`${reference.field}: collection "${reference.id}" not found`);
    if (row.teamId !== teamId) {
      throw forbidden(`${reference.field}: you are not a manager of collection "${reference.id}"`);
    }
    versions.set(row.id, row.version);
  }
  return versions;
}

/** The Version precondition: when the caller sent the Version it read, it must be the stored one. */
export function checkVersion(field: string, stored: number | undefined, sent: number | undefined): void {
  if (sent !== undefined && sent !== stored) throw staleVersion(field, stored, sent);
}

/** A perk's `Version` is the collection's as the caller read it: a precondition, as nftData.Version is. */
export function checkPerkVersions(request: CreateRequest, versions: Map<string, number>): void {
  request.perkData?.forEach((perk, index) => {
    const collectionId = perk.PlatformNFTId || request.nftData?.PlatformNFTId || undefined;
    if (perk.Version === undefined || !collectionId) return;
    const stored = versions.get(collectionId);
    if (stored !== undefined && perk.Version !== stored) {
      throw staleVersion(`perkData[${index}].Version`, stored, perk.Version);
    }
  });
}

export type PerkEdit = { perkId: string; nftId: string; index: number };

/** The perks the request replaces; `collectReferences` has already made sure each names its collection. */
export function perkEdits(request: CreateRequest): PerkEdit[] {
  return (request.perkData ?? [])
    .map((perk, index) => ({ perkId: perk.PlatformPerkId, nftId: perk.PlatformNFTId, index }))
    .filter((edit): edit is PerkEdit => Boolean(edit.perkId));
}

export const perkNotFound = (field: string, perkId: string, nftId: string) =>
  notFound(`${field}: perk "${perkId}" not found in collection "${nftId}"`);

/** A perk to replace must exist in the collection the request names, not in another one. */
export function checkPerkEdits(edits: PerkEdit[], stored: { id: string; collectionId: string }[]): void {
  for (const edit of edits) {
    const row = stored.find((candidate) => candidate.id === edit.perkId);
    if (!row || row.collectionId !== edit.nftId) {
      throw perkNotFound(`perkData[${edit.index}].PlatformPerkId`, edit.perkId, edit.nftId);
    }
  }
}

/**
 * What retrieval adds around the stored JSON: per perk its two ids and its `Perks/<id>`
 * reference, per collection the service-managed fields. Generous, so the estimate stays above
 * the real size and only records near the limit are measured exactly.
 */
const BYTES_PER_PERK = 160;
const BYTES_PER_COLLECTION = 2048;

/** A collection's size as stored: its perk count and the bytes of its stored JSON. */
export type StoredSize = { id: string; perks: number; bytes: number };

/**
 * The perk bound, then the record bound as far as the stored size can settle it: true when the
 * record may pass 1 MiB as retrieved and must be measured exactly (`checkRecordBytes`).
 */
export function needsExactSize(size: StoredSize): boolean {
  if (size.perks > LIMITS.perksPerCollection) {
    throw badRequest(
      `perkData: collection "${size.id}" would hold ${size.perks} perks; at most ${LIMITS.perksPerCollection} perks per collection`,
    );
  }
  return size.bytes + size.perks * BYTES_PER_PERK + BYTES_PER_COLLECTION > LIMITS.recordBytes;
}

/** The record bound on the record as retrieval would return it. */
export function checkRecordBytes(id: string, bytes: number): void {
  if (bytes > LIMITS.recordBytes) {
    throw badRequest(
      `body: collection "${id}" would be ${bytes} bytes as retrieved; at most ${LIMITS.recordBytes} bytes (1 MiB) per collection record`,
    );
  }
}
