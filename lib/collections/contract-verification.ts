import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { getAddress, type Address, type Hex } from "viem";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import { getCollectionRecord } from "@/lib/collections/read";
import { teamOfCollection } from "@/lib/collections/store";
import { getDb } from "@/lib/db/client";
import { chainContracts, chainVerificationNonces } from "@/lib/db/schema";
import { AppError, badRequest, forbidden, notFound } from "@/lib/errors";
import { newSignInNonce } from "@/lib/ids";
import { chainKeyOf, type ChainInfo } from "@/lib/schemas/chains";
import { syncFieldsOf, syncTargetOf } from "@/lib/chain/sync-state";
import { identifyAbi } from "@/lib/chain/server/abi";
import { isUnanswered } from "@/lib/chain/server/identify";
import { chainClient, hasRpc } from "@/lib/chain/server/rpc";
import { ensureContract } from "@/lib/chain/server/store";

/** How long a nonce (and the message naming it) may be verified. */
const NONCE_TTL_MS = 10 * 60_000;

/** The statement every verification message carries: the collection, chain and contract it proves. */
export const verificationStatement = (collectionId: string, chain: ChainInfo, address: string) =>
  `Verify that I control the contract ${getAddress(address)} on ${chain.label} for collection ${collectionId}.`;

/**
 * Who asks: the member (a nonce is theirs), the team they act for (the collection must be its),
 * and the API key they ask with, null for a portal session.
 */
type Verifier = { userId: string; teamId: string; keyId: string | null };

/**
 * The collection of the caller's team, and its syncable contract, or a 400 saying why it cannot be
 * verified. Another team's collection is the API's 403, as for an edit, and the portal's 404 (a
 * session, no key), as on every portal route, so ids cannot be probed from the portal.
 */
async function managedContract({ teamId, keyId }: Verifier, collectionId: string) {
  const unknown = () => notFound(`PlatformNFTId: collection "${collectionId}" not found`);
  const record = await getCollectionRecord(collectionId);
  if (!record) throw unknown();
  if ((await teamOfCollection(collectionId)) !== teamId) {
    throw keyId === null ? unknown() : forbidden(`PlatformNFTId: you are not a manager of collection "${collectionId}"`);
  }
  const target = syncTargetOf(record.nftData.ContractChain, record.nftData.ContractAddress, hasRpc);
  if (!("chain" in target)) {
    const reason = syncFieldsOf(target, null).BlockchainSyncError ?? "the collection names no contract";
    throw badRequest(`PlatformNFTId: cannot be verified: ${reason}`);
  }
  return target;
}

/**
 * Issues a one-time nonce (from the CSPRNG) and the EIP-4361 message for `signer` to sign, naming
 * the collection, chain and contract, and the public site (`domain`, `uri`) the wallet checks.
 */
export async function issueVerificationNonce(
  verifier: Verifier,
  collectionId: string,
  signer: string,
  { domain, uri }: { domain: string; uri: string },
) {
  const { chain, address } = await managedContract(verifier, collectionId);
  const nonce = newSignInNonce();
  const issuedAt = new Date();
  const expirationTime = new Date(issuedAt.getTime() + NONCE_TTL_MS);
  const db = await getDb();
  await db.insert(chainVerificationNonces).values({ nonce, userId: verifier.userId, collectionId, expiresAt: expirationTime });
  const message = createSiweMessage({
    domain,
    uri,
    address: getAddress(signer),
    chainId: chain.id,
    nonce,
    version: "1",
    issuedAt,
    expirationTime,
    statement: verificationStatement(collectionId, chain, address),
    resources: [`urn:collection:${collectionId}`],
  });
  return { Nonce: nonce, Message: message, ExpiresAt: expirationTime.toISOString() };
}

const unauthorized = (message: string) => new AppError(401, message);
const rpcUnavailable = (chain: ChainInfo) =>
  new AppError(503, `the RPC of ${chain.label} did not answer; nothing was changed: try again`, { "Retry-After": "30" });

/**
 * Checks a signed verification message and, when the signer is the contract's `owner()` at the
 * current block, gives the collection the contract's badge (taking it from any other collection).
 * The nonce is looked up before the signature (whose check may call the RPC: ERC-1271) and spent
 * with the badge, in one transaction: a message verifies at most once, and a refusal spends nothing.
 */
export async function verifyOwnership(verifier: Verifier, collectionId: string, message: string, signature: Hex, domain: string) {
  const { userId } = verifier;
  const { chain, address } = await managedContract(verifier, collectionId);
  let fields;
  try {
    fields = parseSiweMessage(message);
  } catch {
    throw badRequest("Message: not an EIP-4361 message");
  }
  if (!fields.nonce || !fields.address || !fields.domain) throw badRequest("Message: not an EIP-4361 message");
  if (fields.domain !== domain) throw badRequest(`Message: its domain is ${fields.domain}, not ${domain}`);
  if (fields.chainId !== chain.id) throw badRequest(`Message: its chain id is ${fields.chainId}, not ${chain.id} (${chain.label})`);
  if (fields.statement !== verificationStatement(collectionId, chain, address)) {
    throw badRequest("Message: it does not name this collection, chain and contract");
  }
  const db = await getDb();
  const openNonce = and(
    eq(chainVerificationNonces.nonce, fields.nonce),
    eq(chainVerificationNonces.userId, userId),
    eq(chainVerificationNonces.collectionId, collectionId),
    isNull(chainVerificationNonces.usedAt),
    gt(chainVerificationNonces.expiresAt, new Date()),
  );
  const nonceRefused = () => badRequest("Message: its nonce is unknown, expired or already used; ask for a new one");
  const [issued] = await db.select({ nonce: chainVerificationNonces.nonce }).from(chainVerificationNonces).where(openNonce);
  if (!issued) throw nonceRefused();

  const client = chainClient(chain);
  const signer = fields.address as Address;
  // A provider that does not answer is neither a bad signature nor a missing owner(): say so.
  const unlessUnanswered =
    <T>(fallback: T) =>
    (error: unknown) => {
      if (isUnanswered(error)) throw rpcUnavailable(chain);
      return fallback;
    };
  // EOAs by recovery; contract wallets through ERC-1271, where the RPC allows the call.
  const valid = await client.verifyMessage({ address: signer, message, signature }).catch(unlessUnanswered(false));
  if (!valid) throw unauthorized("Signature: not a signature of this message by its address");
  const owner = await client
    .readContract({ address: address as Address, abi: identifyAbi, functionName: "owner", blockTag: "latest" })
    .catch(unlessUnanswered(null));
  if (!owner) throw forbidden("Address: the contract has no owner() to check the signer against");
  if (owner.toLowerCase() !== signer.toLowerCase()) throw forbidden(`Address: ${signer} is not the contract's owner() (${owner})`);

  const key = { chainKey: chainKeyOf(chain), address };
  await ensureContract(key, chain.id);
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(chainVerificationNonces)
      .set({ usedAt: new Date() })
      .where(openNonce)
      .returning({ nonce: chainVerificationNonces.nonce });
    // Spent by a concurrent verification of the same message since it was looked up.
    if (!spent) throw nonceRefused();
    await tx
      .update(chainContracts)
      .set({ verifiedCollectionId: collectionId, verifiedBy: signer.toLowerCase(), owner: owner.toLowerCase() })
      .where(and(eq(chainContracts.chainKey, key.chainKey), eq(chainContracts.address, key.address)));
  });
  return { PlatformNFTId: collectionId, Verified: true as const, VerifiedBy: signer.toLowerCase() };
}
