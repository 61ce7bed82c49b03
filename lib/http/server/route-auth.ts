import "server-only";
import { authenticate, isKnownKey, presentedKey } from "@/lib/auth/api-keys";
import { sessionUser } from "@/lib/auth/session";
import { takeSnapshot, type Snapshot } from "@/lib/db/read-cache";
import { getDb } from "@/lib/db/client";
import { AppError, badApiKey, forbidden } from "@/lib/errors";
import { holderOf, NOT_SIGNED_IN_WALLET, requireHolder, walletLinksOf, type WalletLink } from "@/lib/holders/holder-session";
import { noteRequest } from "@/lib/observability/request-facts";
import type { Bucket } from "@/lib/rate-limit/limiter";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { holds, roleOfKeyFor, roleRefusal, type Role } from "@/lib/schemas/team-roles";
import { sessionMembership } from "@/lib/teams/server/teams";
import { CONFIRM_EMAIL_FIRST } from "./confirm-email";
import { assertIdentityEncoding } from "./content-encoding";
import { REHEARSAL_ACCOUNT, rehearsalPrincipal, type RehearsalPrincipal } from "./rehearsal-principal";
import {
  teamBudget,
  chargeFailedLookup,
  enforceRateLimit,
  enforceRehearsalBudget,
  rateLimitStanding,
  refuseIfLookupsSpent,
} from "./rate-limit";
import { assertSameOrigin } from "./same-origin";

export const SIGN_IN_REQUIRED = "Sign in to continue";
export const NO_TEAM = "Your account is not a member of any team: ask a team's owner or admin to invite you";

export type Auth = "key" | "session" | "holder" | "public";
/**
 * Who calls, for which team: the member (for a key, the one who minted it), the team the key or
 * the session works in, and the role there (a key's: its scope's, at most its minter's now). `keyId` names the API key
 * (null for a portal session).
 */
export type Account = {
  userId: string;
  /** Empty for an account in no team, which only a route declaring `teamless` lets in. */
  teamId: string;
  role: Role;
  keyId: string | null;
  /** The portal session (null for a key): a route that changes the session's team names it. */
  sessionId: string | null;
  emailVerified: boolean;
};
/**
 * A holder, signed in with their wallet on the holder's own cookie (never the partners' session).
 * `holderId` is empty for a visitor not signed in, whom only a route declaring `guests` lets in;
 * `wallets` are the holder's links, read once a route names the wallet it acts for (else empty).
 */
export type HolderAccount = { holderId: string; wallets: WalletLink[] };

/** `rehearsal`: the start-up rehearsal's own request (lib/startup/rehearsal.ts), which counts no insight and stores no write. */
export type Admitted = { account: Account | HolderAccount | null; snapshot?: Snapshot; rehearsal?: true };
/** Where a gate leaves the RateLimit headers once it has charged a budget: every later answer carries them. */
export type Charged = { headers: Record<string, string> };
/**
 * What a route asks of its callers: the budget it spends, its least role, whether an account in no
 * team may call it, and (holder routes) whether a visitor not signed in may.
 */
export type GateRule = { budget: Bucket; role?: Role; teamless?: boolean; guests?: boolean };

export const reads = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * The route's role, checked for every key and session route after its gate (a route that names
 * none needs a viewer to read and an editor to write), before the budget is spent: a refusal takes
 * nothing from the budget the team shares, and its 403 still carries the RateLimit headers every
 * answer carries, as the budget stands.
 */
async function refuseWeakerRoleUnspent(
  request: Request,
  account: Account,
  needed: Role | undefined,
  budget: Bucket,
  budgetKey: string,
  charged: Charged,
) {
  const role = needed ?? (reads(request) ? "viewer" : "editor");
  if (holds(account.role, role)) return;
  charged.headers = await rateLimitStanding(budget, budgetKey);
  throw forbidden(roleRefusal(role));
}

/** Whoever signed up with an address they do not hold must not write under it. */
function refuseUnconfirmedWrite(request: Request, account: Account): void {
  if (!account.emailVerified && !reads(request)) throw new AppError(403, CONFIRM_EMAIL_FIRST);
}

/**
 * The API key, its role (before any budget is spent: a viewer's refused writes do not spend the
 * team's write budget, which its editors share), then the caller's budget (per team, or per client
 * address without a valid key), then a confirmed address for writes and an uncompressed body.
 *
 * A key lookup is a database query, so lookups that find nothing are paid for by the client
 * address, from a budget of their own: once it is spent, a key this process has not found live
 * before is refused (429) without a lookup. Keyless requests spend the address's read or write
 * budget instead, so a valid key is never refused for what other callers behind the same address
 * (a NAT, a serverless platform's egress) did without one. Misses are charged after the lookup,
 * so concurrent requests can overrun that budget by at most the number in flight when it runs out.
 */
async function keyGate(request: Request, { budget, role }: GateRule, charged: Charged): Promise<Admitted> {
  // One snapshot per request: the key lookup and the handler's reads are cached under it.
  const snapshot = await takeSnapshot();
  const rehearsal = rehearsalPrincipal(request);
  if (rehearsal) return admitRehearsal(request, rehearsal, budget, snapshot, charged);
  const addressBudget = `ip:${clientIp(request)}`;
  const key = presentedKey(request.headers.get("authorization"));
  if (key && !isKnownKey(key, snapshot)) await refuseIfLookupsSpent(addressBudget);
  const caller = key ? await authenticate(key, snapshot) : null;
  if (key && !caller) await chargeFailedLookup(addressBudget);
  if (!caller) {
    charged.headers = await enforceRateLimit(budget, addressBudget);
    throw badApiKey();
  }
  noteRequest(request, { account: caller.userId });
  const { userId, teamId, keyId, scope, minterRole, emailVerified } = caller;
  const account = { userId, teamId, role: roleOfKeyFor(scope, minterRole), keyId, sessionId: null, emailVerified };
  await refuseWeakerRoleUnspent(request, account, role, budget, teamBudget(teamId), charged);
  charged.headers = await enforceRateLimit(budget, teamBudget(teamId));
  refuseUnconfirmedWrite(request, account);
  assertIdentityEncoding(request);
  return { account, snapshot };
}

/**
 * The start-up rehearsal's request: its account is an editor of a real team, and it spends a
 * budget of its own, so no team's or address's budget pays for it.
 */
async function admitRehearsal(
  request: Request,
  { userId, teamId }: RehearsalPrincipal,
  budget: Bucket,
  snapshot: Snapshot,
  charged: Charged,
): Promise<Admitted> {
  noteRequest(request, { account: REHEARSAL_ACCOUNT });
  const account: Account = { userId, teamId, role: "editor", keyId: null, sessionId: null, emailVerified: true };
  charged.headers = await enforceRehearsalBudget(budget);
  assertIdentityEncoding(request);
  return { account, snapshot, rehearsal: true };
}

/**
 * The same origin on writes (the cookie is sent cross-site too), the session, the team it works in
 * (looked up each time: a removed member loses it at once) and the role there, a confirmed address
 * for writes, then the team's budget: the one its API keys share. An account in no team gets the
 * 403 unless the route is `teamless` (accepting an invitation), where it spends a budget of its own.
 */
async function sessionGate(request: Request, { budget, role, teamless }: GateRule, charged: Charged): Promise<Admitted> {
  if (!reads(request)) assertSameOrigin(request);
  const user = await sessionUser(request.headers);
  if (!user) throw new AppError(401, SIGN_IN_REQUIRED);
  noteRequest(request, { account: user.id });
  const membership = await sessionMembership(user.id, user.sessionId);
  if (!membership && !teamless) throw forbidden(NO_TEAM);
  const { teamId, role: held } = membership ?? { teamId: "", role: "viewer" as const };
  const account = { userId: user.id, teamId, role: held, keyId: null, sessionId: user.sessionId, emailVerified: user.emailVerified };
  if (membership) await refuseWeakerRoleUnspent(request, account, role, budget, teamBudget(teamId), charged);
  refuseUnconfirmedWrite(request, account);
  charged.headers = await enforceRateLimit(budget, membership ? teamBudget(teamId) : `user:${user.id}`);
  return { account };
}

/**
 * The client address's budget, as every keyless route spends (its headers are the ones every
 * answer carries); the same origin on writes, since the cookie is sent cross-site too; the holder's
 * session (401 without one, unless the route takes guests); then the holder's own budget, so that
 * many addresses do not let one holder go faster than one caller may.
 */
async function holderGate(request: Request, { budget, guests }: GateRule, charged: Charged): Promise<Admitted> {
  charged.headers = await enforceRateLimit(budget, `ip:${clientIp(request)}`);
  if (!reads(request)) assertSameOrigin(request);
  if (guests) return { account: { holderId: (await holderOf(request)) ?? "", wallets: [] } };
  const holderId = await requireHolder(request);
  await enforceRateLimit(budget, `holder:${holderId}`);
  return { account: { holderId, wallets: [] } };
}

/**
 * The wallet a holder's write acts for (named in its body): one the holder signed in with, else
 * the 403 before its budget is touched, so nobody spends the budget of a wallet they do not hold;
 * then that wallet's budget, so that many holders do not let one wallet go faster either.
 */
export async function admitWallet(account: HolderAccount, address: string, budget: Bucket): Promise<void> {
  account.wallets = await walletLinksOf(await getDb(), account.holderId);
  if (!account.wallets.some((wallet) => wallet.address === address)) throw forbidden(NOT_SIGNED_IN_WALLET);
  await enforceRateLimit(budget, `wallet:${address}`);
}

/** Visitors have no key, so the budget is the client address's, shared with keyless gateway calls. */
async function publicGate(request: Request, { budget }: GateRule, charged: Charged): Promise<Admitted> {
  charged.headers = await enforceRateLimit(budget, `ip:${clientIp(request)}`);
  return { account: null };
}

export const GATES: Record<Auth, (request: Request, rule: GateRule, charged: Charged) => Promise<Admitted>> = {
  key: keyGate,
  session: sessionGate,
  holder: holderGate,
  public: publicGate,
};
