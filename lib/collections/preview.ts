import "server-only";
import { applyCreateRequest } from "@/lib/collections/write";
import type { CreateRequest } from "@/lib/schemas/create-request";
import type { DryRunResult } from "@/lib/schemas/history";
import { unassignedBy } from "@/lib/history/diff";
import type { Actor, Recorded } from "@/lib/history/record";

/** Thrown from inside the write transaction to roll it back with the preview in hand. */
class Preview extends Error {
  constructor(readonly result: DryRunResult) {
    super("preview");
  }
}

const previewOf = (answer: Record<string, unknown>, recorded: Recorded[]): DryRunResult => ({
  DryRun: true,
  Response: answer,
  Changes: recorded.map(({ collectionId, changes }) => ({
    PlatformNFTId: collectionId,
    Changes: changes,
    Unassigned: unassignedBy(changes),
  })),
});

/**
 * What a create/edit would do, with nothing stored: the real write runs, every check included
 * (validation, ownership, Versions, bounds), and is rolled back at the point it would commit, after
 * history has worked out the changes. No history entry, Version, search row or idempotency record
 * survives it; ids and Versions in the answer are the ones this run would have assigned.
 */
export async function previewCreateRequest(
  actor: Actor,
  request: CreateRequest,
  submitted: Record<string, unknown>,
): Promise<DryRunResult> {
  try {
    await applyCreateRequest(actor, request, submitted, async (_tx, answer, recorded?: Recorded[]) => {
      throw new Preview(previewOf(answer, recorded ?? []));
    });
  } catch (error) {
    if (error instanceof Preview) return error.result;
    throw error;
  }
  throw new Error("a preview reached its commit");
}
