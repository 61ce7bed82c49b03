import "server-only";
import { sql } from "drizzle-orm";
import { queueSyncOfWrite } from "@/lib/chain/server/on-write";
import { getWriteTransactions } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/types";
import { loadStates, recordStates, stateColumns, statesOf, type Actor, type AfterRecord, type StateRow } from "@/lib/history/record";
import { newId } from "@/lib/ids";
import { pickKnown } from "@/lib/pick-known";
import { CREATE_EVENT_TYPES, EDIT_EVENT_TYPES, eventsOfWrite } from "@/lib/collections/write-events";
import { enqueueWebhookEvents, subscribedEndpoints } from "@/lib/webhooks/server/enqueue";
import { COLLECTION_FIELD_KEYS, type CollectionFields } from "@/lib/schemas/collection";
import type { CreateRequest } from "@/lib/schemas/create-request";
import { PERK_FIELD_KEYS, type PerkFields } from "@/lib/schemas/perk";
import { echo, type CreateResponse } from "./echo";
import { insertCollections } from "./refresh";
import { checkPerkVersions, checkVersion, collectReferences } from "@/lib/schemas/write-rules";
import { checkPerksToEdit, checkSizes, sizeColumns, type StoredSizeRow } from "./store";
import { lockCollections, lockWithStates, updateCollections, writePerkRows, writeSearchRows } from "./write-statements";

// Only the partner-owned fields are stored, so nothing server-managed is ever stored from input.
const collectionFields = pickKnown<CollectionFields>(COLLECTION_FIELD_KEYS);
const perkFields = pickKnown<PerkFields>(PERK_FIELD_KEYS);

/**
 * Applies a create/edit request for a caller, all or nothing: the contract's rules 1–6 plus
 * ownership, the Version preconditions, unknown-id checks and the per-collection bounds. Returns
 * the echo of `submitted` with the assigned ids and new Version filled in.
 */
export async function applyCreateRequest(
  actor: Actor,
  request: CreateRequest,
  submitted: Record<string, unknown>,
  // Stores the idempotent answer inside the write transaction, so it commits with the data or not at all.
  beforeCommit?: AfterRecord<CreateResponse>,
): Promise<CreateResponse> {
  const { db, pipelined } = await getWriteTransactions();
  return db.transaction((tx) => writeCreateRequest(tx, actor, request, submitted, Date.now(), beforeCommit, { pipelined }));
}

/**
 * Starts a statement now when the write is pipelined (it goes out behind those started before it,
 * without waiting for their answers), else when its answer is awaited: either way the server runs
 * the statements in the order they are written below, and their answers are checked in that
 * order. A refusal found in an earlier answer throws before a later one is read; what the later
 * statements did is undone by the rollback, and their own failures are not reported.
 */
function sendStatements(pipelined: boolean) {
  return <T>(run: () => Promise<T>): (() => Promise<T>) => {
    if (!pipelined) return run;
    // A promise, whatever `run` returns: a drizzle query handed on as it is would run again at each await.
    const sent = Promise.resolve(run());
    sent.catch(() => {});
    return () => sent;
  };
}

/**
 * One create/edit request inside the caller's transaction: every write of a collection goes
 * through here, whether one request (`applyCreateRequest`) or each request of an import file
 * (`lib/import-export/server/run-import.ts`) in one transaction, so each is recorded in the
 * collections' history. `after` runs last, told what history recorded.
 */
export async function writeCreateRequest(
  tx: Transaction,
  actor: Actor,
  request: CreateRequest,
  submitted: Record<string, unknown>,
  now: number,
  after?: AfterRecord<CreateResponse>,
  // Pipelined only on a connection in pipeline mode, in a transaction of its own (docs/decisions/082).
  { pipelined = false }: { pipelined?: boolean } = {},
): Promise<CreateResponse> {
  const { teamId } = actor;
  const references = collectReferences(request);

  const send = sendStatements(pipelined);
  if (request.nftData && references.length === 0) {
    // A new collection with new perks only: no locks to take, nothing to read before. Its
    // managers are read by the insert itself, so the insert, the search rows, the sync job and the
    // webhook endpoints lookup need no answer before them and go out together.
    const nftData = request.nftData;
    const record = recordStates(actor, [], new Map(), after);
    const nftId = newId();
    const perkIds = (request.perkData ?? []).map(() => newId());
    const stored = send(() =>
      insertCollections<StateRow & StoredSizeRow>(
        tx,
        [
          {
            id: nftId,
            data: collectionFields(nftData),
            teamId,
            lastmodified: now,
            perks: (request.perkData ?? []).map((perk, index) => ({ id: perkIds[index]!, data: perkFields(perk) })),
          },
        ],
        { then: sql`SELECT c.id, ${stateColumns}, ${sizeColumns} FROM collections c WHERE c.id = ${nftId}` },
      ),
    );
    const synced = send(() => queueSyncOfWrite(tx, undefined, nftData));
    const endpoints = send(() => subscribedEndpoints(tx, teamId, CREATE_EVENT_TYPES));
    const rows = await stored();
    await checkSizes(tx, rows);
    await synced();
    const response = echo(submitted, request, { nftId, perkIds, newVersions: new Map([[nftId, 1]]) });
    await enqueueWebhookEvents(tx, teamId, eventsOfWrite(request, response), endpoints);
    await record(tx, response, statesOf(rows));
    return response;
  }

  const nftId = request.nftData?.PlatformNFTId || undefined;
  // A new collection never gets past here: `collectReferences` lets its perks name no stored collection.
  if (request.nftData && !nftId) throw new Error("new collection with stored references after validation");
  const ids = references.map((reference) => reference.id);
  const locked = send(async () => {
    if (!pipelined) return lockWithStates(tx, teamId, references);
    const versions = lockCollections(tx, teamId, references);
    const before = send(() => loadStates(tx, ids));
    return { versions: await versions, before: await before() };
  });
  const perksToEdit = send(() => checkPerksToEdit(tx, request));
  const perksWritten = send(() =>
    writePerkRows(
      tx,
      (request.perkData ?? []).map((perk) => {
        const collectionId = perk.PlatformNFTId || nftId;
        if (!collectionId) throw new Error("perk without a collection after validation");
        return { collectionId, perkId: perk.PlatformPerkId || undefined, data: perkFields(perk) };
      }),
    ),
  );
  const collectionsUpdated = send(() =>
    updateCollections(tx, ids, request.nftData && { id: nftId!, data: collectionFields(request.nftData) }, now),
  );
  const searchRowsWritten = send(() => writeSearchRows(tx, ids));
  // For every event type an edit can raise; the events themselves follow from the answer.
  const endpoints = send(() => subscribedEndpoints(tx, teamId, EDIT_EVENT_TYPES));

  const { versions, before } = await locked();
  const record = recordStates(actor, [...versions.keys()], before, after);
  checkPerkVersions(request, versions);
  await perksToEdit();
  if (nftId) checkVersion("nftData.Version", versions.get(nftId), request.nftData!.Version);
  const perkIds = await perksWritten();
  const updated = await collectionsUpdated();
  await checkSizes(tx, updated);
  if (request.nftData) {
    const old = updated.find((row) => row.id === nftId);
    await queueSyncOfWrite(tx, { ContractChain: old?.chain ?? undefined, ContractAddress: old?.address ?? undefined }, request.nftData);
  }
  const newVersions = new Map(updated.map((row) => [row.id, Number(row.version)]));
  const states = await searchRowsWritten();
  const response = echo(submitted, request, { nftId, perkIds, newVersions });
  await enqueueWebhookEvents(tx, teamId, eventsOfWrite(request, response), endpoints);
  await record(tx, response, states);
  return response;
}
