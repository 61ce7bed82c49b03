import "server-only";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { getAddress, verifyMessage, type Address, type Hex } from "viem";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import { getDb } from "@/lib/db/client";
import { holderNonces, holders, holderWallets } from "@/lib/db/schema";
import { AppError, badRequest, conflict } from "@/lib/errors";
import { newId, newSignInNonce } from "@/lib/ids";
import { CHAINS } from "@/lib/schemas/chains";
import type { HolderNonce } from "@/lib/schemas/claims";
import { isUnanswered } from "@/lib/chain/server/identify";
import { chainClient, hasRpc } from "@/lib/chain/server/rpc";
import type { SignInSite } from "@/lib/auth/sign-in-site";
import { startHolderSession, walletsOf } from "./holder-session";

/** How long a sign-in message may be used. */
const NONCE_TTL_MS = 10 * 60_000;

/** What every holder sign-in message says, so a wallet shows the holder what they sign. */
export const holderStatement = (domain: string) =>
  `Sign in to ${domain} as a holder, to claim perks of the NFTs this wallet holds. This is not a transaction and costs nothing.`;

/**
 * Issues a one-time nonce (from the CSPRNG) and the EIP-4361 message for `address` to sign on
 * chain `chainId`, naming the public site (`signInSite`), as the holder's wallet checks.
 */
export async function issueHolderNonce(address: string, chainId: number, { domain, uri }: SignInSite): Promise<HolderNonce> {
  const nonce = newSignInNonce();
  const issuedAt = new Date();
  const expirationTime = new Date(issuedAt.getTime() + NONCE_TTL_MS);
  const db = await getDb();
  // Nonces past their time can never sign in: each new one clears them (an index range on expires_at).
  await db.delete(holderNonces).where(lt(holderNonces.expiresAt, issuedAt));
  await db.insert(holderNonces).values({ nonce, address, chainId, expiresAt: expirationTime });
  const message = createSiweMessage({
    domain,
    uri,
    address: getAddress(address),
    chainId,
    nonce,
    version: "1",
    issuedAt,
    expirationTime,
    statement: holderStatement(domain),
  });
  return { Nonce: nonce, Message: message, ExpiresAt: expirationTime.toISOString() };
}

/**
 * How `signature` proves the address signed the message: by its key (recovery: an ordinary
 * wallet), or as a contract wallet (ERC-1271) through its chain's RPC, where one is configured;
 * false when it does not. An RPC that does not answer (or whose queue is full) is a 503.
 */
async function signedBy(address: Address, message: string, signature: Hex, chainId: number): Promise<"key" | "contract" | false> {
  if (await verifyMessage({ address, message, signature }).catch(() => false)) return "key";
  const chain = CHAINS.find((candidate) => candidate.id === chainId);
  if (!chain || !hasRpc(chain)) return false;
  return chainClient(chain)
    .verifyMessage({ address, message, signature })
    .then((valid) => (valid ? ("contract" as const) : false))
    .catch((error: unknown) => {
      if (isUnanswered(error)) {
        throw new AppError(503, `the RPC of ${chain.label} did not answer; nothing was changed: try again`, { "Retry-After": "30" });
      }
      return false as const;
    });
}

/** The nonce's conditions: issued by this service for that wallet and chain, unexpired, unused. */
const openNonce = (nonce: string, address: string, chainId: number) =>
  and(
    eq(holderNonces.nonce, nonce),
    eq(holderNonces.address, address),
    eq(holderNonces.chainId, chainId),
    isNull(holderNonces.usedAt),
    gt(holderNonces.expiresAt, new Date()),
  );

const NONCE_REFUSED =
  "Message: its nonce is unknown, expired or already used, or was issued for another wallet or chain; ask for a new one";

export type SignedIn = { holderId: string; wallets: string[]; setCookie: string | null };

/**
 * Signs a holder in with a signed message: its domain must be the public site's, its nonce one this
 * service issued for that wallet and chain, unexpired and unused (looked up before the signature is
 * checked; spent here, with the sign-in, in one transaction), and the signature the wallet's. A holder already signed in (`current`) links
 * the wallet to their sign-in instead; a wallet linked to another holder is a 409. Anything
 * refused records nothing.
 */
export async function signInHolder(message: string, signature: Hex, domain: string, current: string | null): Promise<SignedIn> {
  let fields;
  try {
    fields = parseSiweMessage(message);
  } catch {
    throw badRequest("Message: not an EIP-4361 message");
  }
  if (!fields.nonce || !fields.address || !fields.domain || fields.chainId === undefined) {
    throw badRequest("Message: not an EIP-4361 message");
  }
  if (fields.domain !== domain) throw badRequest(`Message: its domain is ${fields.domain}, not ${domain}`);
  if (fields.statement !== holderStatement(domain)) throw badRequest("Message: it is not a sign-in message of this service");
  const address = fields.address.toLowerCase();
  // The nonce before the signature: a message this service never issued costs no RPC call (ERC-1271).
  const db = await getDb();
  const [issued] = await db
    .select({ nonce: holderNonces.nonce })
    .from(holderNonces)
    .where(openNonce(fields.nonce, address, fields.chainId));
  if (!issued) throw badRequest(NONCE_REFUSED);
  const proof = await signedBy(fields.address, message, signature, fields.chainId);
  if (!proof) throw new AppError(401, "Signature: not a signature of this message by its address");
  // A key proves the address on every chain; a contract wallet only on the chain that vouched for it.
  const chainId = proof === "key" ? null : fields.chainId;

  const [linked] = await db
    .select({ holderId: holderWallets.holderId, chainId: holderWallets.chainId })
    .from(holderWallets)
    .where(eq(holderWallets.address, address));
  // The address linked as a contract wallet of another chain is another wallet here: it signs nobody in as that holder.
  const elsewhere = linked && linked.chainId !== null && chainId !== null && linked.chainId !== chainId;
  if (elsewhere && linked.holderId !== current) {
    throw conflict(
      `Address: ${getAddress(address)} is linked to another sign-in as a contract wallet of chain ${linked.chainId}; a contract wallet is linked for the chain that proved it`,
    );
  }
  if (linked && current && linked.holderId !== current) {
    throw conflict(`Address: ${getAddress(address)} is linked to another sign-in; sign out, then sign in with it`);
  }

  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(holderNonces)
      .set({ usedAt: new Date() })
      .where(openNonce(fields.nonce!, address, fields.chainId!))
      .returning({ nonce: holderNonces.nonce });
    // Spent by a concurrent sign-in with the same message since it was looked up.
    if (!spent) throw badRequest(NONCE_REFUSED);
    let holderId = linked?.holderId ?? current;
    if (!holderId) {
      holderId = newId();
      await tx.insert(holders).values({ id: holderId });
    }
    if (linked && linked.chainId !== null && linked.chainId !== chainId) {
      // Proven by its key now (every chain), or by the same holder on another chain: the link follows the latest proof.
      await tx.update(holderWallets).set({ chainId }).where(eq(holderWallets.address, address));
    }
    if (!linked) {
      const inserted = await tx.insert(holderWallets).values({ address, holderId, chainId }).onConflictDoNothing().returning();
      // Linked by a concurrent sign-in between the read above and here: that sign-in stands.
      if (inserted.length === 0) throw conflict(`Address: ${getAddress(address)} was just linked by another sign-in; sign in again`);
    }
    const setCookie = current === holderId ? null : await startHolderSession(tx, holderId);
    return { holderId, wallets: await walletsOf(tx, holderId), setCookie };
  });
}
