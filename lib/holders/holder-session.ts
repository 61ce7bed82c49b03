import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import { getAddress } from "viem";
import { getDb } from "@/lib/db/client";
import { holderSessions, holderWallets } from "@/lib/db/schema";
import type { Queryable } from "@/lib/db/types";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { HolderSession } from "@/lib/schemas/claims";

/** The holder's cookie: a random token; the database keeps only its hash. Separate from the partners' better-auth cookie. */
export const HOLDER_COOKIE = "uds_holder";
const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export const HOLDER_SIGN_IN_REQUIRED = "Sign in with your wallet to continue";
export const NOT_SIGNED_IN_WALLET = "Address: sign in with this wallet first; it is not one of your signed-in wallets";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

function cookieToken(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === HOLDER_COOKIE) return value.join("=") || null;
  }
  return null;
}

function cookieAttributes(maxAge: number): string {
  const secure = env().BETTER_AUTH_URL?.startsWith("https://") ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** Starts a session for the holder inside `tx`; returns the Set-Cookie header carrying its token. */
export async function startHolderSession(tx: Queryable, holderId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  await tx.insert(holderSessions).values({ tokenHash: hashOf(token), holderId, expiresAt });
  return `${HOLDER_COOKIE}=${token}; ${cookieAttributes(SESSION_TTL_SECONDS)}`;
}

/** The signed-in holder's id, or null (no cookie, unknown or expired token). */
export async function holderOf(request: Request): Promise<string | null> {
  const token = cookieToken(request);
  if (!token) return null;
  const db = await getDb();
  const [row] = await db
    .select({ holderId: holderSessions.holderId })
    .from(holderSessions)
    .where(and(eq(holderSessions.tokenHash, hashOf(token)), gt(holderSessions.expiresAt, new Date())));
  return row?.holderId ?? null;
}

/** The signed-in holder, or a 401. */
export async function requireHolder(request: Request): Promise<string> {
  const holderId = await holderOf(request);
  if (!holderId) throw new AppError(401, HOLDER_SIGN_IN_REQUIRED);
  return holderId;
}

/** Ends the session the cookie names (if any); returns the Set-Cookie header that clears it. */
export async function endHolderSession(request: Request): Promise<string> {
  const token = cookieToken(request);
  if (token) {
    const db = await getDb();
    await db.delete(holderSessions).where(eq(holderSessions.tokenHash, hashOf(token)));
  }
  return `${HOLDER_COOKIE}=; ${cookieAttributes(0)}`;
}

/** The holder's wallets in lower case, oldest link first. */
export async function walletsOf(db: Queryable, holderId: string): Promise<string[]> {
  const rows = await db
    .select({ address: holderWallets.address })
    .from(holderWallets)
    .where(eq(holderWallets.holderId, holderId))
    .orderBy(asc(holderWallets.linkedAt), asc(holderWallets.address));
  return rows.map((row) => row.address);
}

/** A holder's wallets with the chain each is linked for (null: every chain, a wallet proven by its key). */
export async function walletLinksOf(db: Queryable, holderId: string): Promise<WalletLink[]> {
  return db
    .select({ address: holderWallets.address, chainId: holderWallets.chainId })
    .from(holderWallets)
    .where(eq(holderWallets.holderId, holderId));
}

export type WalletLink = { address: string; chainId: number | null };

export const sessionAnswer = (wallets: string[]): HolderSession => ({ Wallets: wallets.map((wallet) => getAddress(wallet)) });
