import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { applyCreateRequest } from "@/lib/collections/write";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { createRequestSchema } from "@/lib/schemas/create-request";
import { holds, roleRefusal, TEAM_ROLES, type Role } from "@/lib/schemas/team-roles";
import { users } from "@/lib/db/schema";
import { BAD_API_KEY } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { createInvitation } from "@/lib/teams/server/invitations";
import { changeRole, removeMember } from "@/lib/teams/server/members";
import { addTeamMember, chooseTeam, refreshTeamManagers } from "@/lib/teams/server/teams";
import { createWebhookEndpoint } from "@/lib/webhooks/server/endpoints";
import { validCollection, validPerk } from "../support/api";
import { getSession, signUp, type Partner } from "../support/portal";
import { callRoute } from "../support/routes";

// Every key and session route, for every role: a table of what each route needs, run for each
// role, so that no route is left to a hand-written case. A caller below the route's role gets the
// 403 naming the role and changes nothing; one holding it gets past the gate to the route's own
// answer. Budgets are raised: this file sends several hundred requests for one team.
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "10000";
process.env.RATE_LIMIT_CREATE_PER_MINUTE = "10000";
process.env.WEBHOOKS_ALLOW_PRIVATE = "1";

const ORIGIN = "http://localhost";

/** The team's owner, and a member of each other role whose session works in the owner's team. */
let owner: Partner;
const sessions = new Map<Role, Partner>();
/**
 * A read key and a write key of the team (the owner's), a write key minted by an admin since made
 * a viewer (it acts as a viewer), and one minted by an admin since removed (revoked with them).
 */
const keys = { read: "", write: "", demotedMinter: "", removedMinter: "" };
let hookUrl = "";
const hooks = createServer((_request, response) => response.writeHead(204).end());

type Sent = { path: string; body?: string; contentType?: string };
type Row = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** The route as its folders name it, to check that the table misses none. */
  route: string;
  auth: "session" | "key";
  /** The least role: below it, 403. */
  role: Role;
  /** What a caller holding the role is answered (the route's own answer past the gate). */
  ok: number;
  /** Where a caller's own role decides the route's answer (the last owner may not leave). */
  okAs?: Partial<Record<Role, number>>;
  /** Makes what the request acts on, fresh for each call, and says what to send. */
  send: () => Promise<Sent>;
  /** Puts back what a call that got past the gate changed about the callers themselves. */
  after?: () => Promise<void>;
};

const owners = () => ({ userId: owner.userId, teamId: owner.teamId, keyId: null });

async function newCollection() {
  const nftData = validCollection({ Title: "Role table otters" });
  const request = createRequestSchema.parse({ nftData, perkData: [validPerk()] });
  const echo = await applyCreateRequest(owners(), request, { nftData, perkData: [validPerk()] });
  const id = (echo.nftData as { PlatformNFTId: string }).PlatformNFTId;
  const perkId = (echo.perkData as { PlatformPerkId: string }[])[0]!.PlatformPerkId;
  return { id, perkId };
}

async function newKey() {
  return (await createApiKey(owner.userId, "fixture", { teamId: owner.teamId })).summary.id;
}

/** A new endpoint, the team's only one: a team may hold 10, and the table makes dozens. */
async function newEndpoint() {
  await (await getDb()).execute(sql`DELETE FROM webhook_endpoints WHERE team_id = ${owner.teamId}`);
  return (
    await createWebhookEndpoint(owner.teamId, { url: `${hookUrl}/${Math.random().toString(36).slice(2)}`, events: ["collection.created"] })
  ).endpoint.id;
}

/** An endpoint with one delivery: the event of a collection created after it. */
async function newDelivery() {
  const endpoint = await newEndpoint();
  await newCollection();
  const [row] = await queryRows<{ id: string }>(await getDb(), sql`SELECT id FROM webhook_deliveries WHERE endpoint_id = ${endpoint}`);
  return { endpoint, delivery: row!.id };
}

const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: "application/json" });
const portalSave = (id?: string) =>
  json({ nftData: { ...validCollection({ Title: "Saved by a member" }), ...(id ? { PlatformNFTId: id } : {}) } });
const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** A new member of the owner's team, to change or remove: an account made straight in the store. */
async function newMember() {
  const userId = newId();
  await (await getDb()).insert(users).values({ id: userId, name: "Fixture member", email: `${userId.toLowerCase()}@example.com` });
  expect(await addTeamMember(owner.teamId, userId, "viewer")).toBe(true);
  return userId;
}

const ownerActor = () => ({ userId: owner.userId, teamId: owner.teamId, role: "owner" as const });
const inviteLink = (token: string) => `${ORIGIN}/portal/invitation?token=${token}`;
const newInvitation = async () =>
  (await createInvitation(ownerActor(), { email: `${newId().toLowerCase()}@example.com`, role: "viewer" }, inviteLink)).id;

const sentAWhileAgo = async (id: string) => {
  await (await getDb()).execute(sql`UPDATE team_invitations SET sent_at = now() - interval '2 minutes' WHERE id = ${id}`);
  return id;
};

/** Members made editors by the table go back to viewers: the team's `Managers` stays its callers'. */
async function demoteFixtureMembers() {
  await (
    await getDb()
  ).execute(
    sql`UPDATE team_members SET role = 'viewer' WHERE team_id = ${owner.teamId} AND user_id IN (SELECT id FROM users WHERE name = 'Fixture member')`,
  );
  await refreshTeamManagers(await getDb(), owner.teamId);
}

/** A member who left (a call of the leave route that got past the gate) rejoins with their role. */
async function rejoin() {
  for (const [role, member] of sessions) await addTeamMember(owner.teamId, member.userId, role);
}

const ROUTES: Row[] = [
  // The team: members, invitations, the session's team.
  { method: "GET", route: "api/portal/team", auth: "session", role: "viewer", ok: 200, send: async () => ({ path: "/api/portal/team" }) },
  // The team is given a collection first: past the gate, the route's own 409 (and the fixture team stays).
  {
    method: "DELETE",
    route: "api/portal/team",
    auth: "session",
    role: "owner",
    ok: 409,
    send: async () => {
      await newCollection();
      return { path: "/api/portal/team" };
    },
  },
  {
    method: "PATCH",
    route: "api/portal/team",
    auth: "session",
    role: "owner",
    ok: 200,
    send: async () => ({ path: "/api/portal/team", ...json({ name: "Renamed by an owner" }) }),
  },
  {
    method: "POST",
    route: "api/portal/team/members/[id]",
    auth: "session",
    role: "admin",
    ok: 200,
    send: async () => ({ path: `/api/portal/team/members/${await newMember()}`, ...json({ role: "editor" }) }),
    after: demoteFixtureMembers,
  },
  {
    method: "DELETE",
    route: "api/portal/team/members/[id]",
    auth: "session",
    role: "admin",
    ok: 200,
    send: async () => ({ path: `/api/portal/team/members/${await newMember()}` }),
  },
  // Every member may leave, except the last owner: the route's own 400.
  {
    method: "POST",
    route: "api/portal/team/leave",
    auth: "session",
    role: "viewer",
    ok: 200,
    okAs: { owner: 400 },
    send: async () => ({ path: "/api/portal/team/leave" }),
    after: rejoin,
  },
  // Handing the team to oneself: the route's own 400 once past the gate.
  {
    method: "POST",
    route: "api/portal/team/transfer",
    auth: "session",
    role: "owner",
    ok: 400,
    send: async () => ({ path: "/api/portal/team/transfer", ...json({ userId: owner.userId }) }),
  },
  {
    method: "POST",
    route: "api/portal/team/invitations",
    auth: "session",
    role: "admin",
    ok: 200,
    send: async () => ({
      path: "/api/portal/team/invitations",
      ...json({ email: `${newId().toLowerCase()}@example.com`, role: "editor" }),
    }),
  },
  {
    method: "DELETE",
    route: "api/portal/team/invitations/[id]",
    auth: "session",
    role: "admin",
    ok: 200,
    send: async () => ({ path: `/api/portal/team/invitations/${await newInvitation()}` }),
  },
  {
    method: "POST",
    route: "api/portal/team/invitations/[id]/resend",
    auth: "session",
    role: "admin",
    ok: 200,
    // Sent long enough ago to be sent again (one send a minute per invitation).
    send: async () => ({ path: `/api/portal/team/invitations/${await sentAWhileAgo(await newInvitation())}/resend` }),
  },
  // Any member of any team may accept; a token that names no invitation is the route's own 404.
  {
    method: "POST",
    route: "api/portal/invitations/accept",
    auth: "session",
    role: "viewer",
    ok: 404,
    send: async () => ({ path: "/api/portal/invitations/accept", ...json({ token: "names-no-invitation" }) }),
  },
  { method: "GET", route: "api/portal/teams", auth: "session", role: "viewer", ok: 200, send: async () => ({ path: "/api/portal/teams" }) },
  {
    method: "POST",
    route: "api/portal/teams",
    auth: "session",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: "/api/portal/teams", ...json({ teamId: owner.teamId }) }),
  },

  // The portal.
  {
    method: "GET",
    route: "api/portal/collections",
    auth: "session",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: "/api/portal/collections" }),
  },
  {
    method: "GET",
    route: "api/portal/collections/[id]",
    auth: "session",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: `/api/portal/collections/${(await newCollection()).id}` }),
  },
  {
    method: "DELETE",
    route: "api/portal/collections/[id]",
    auth: "session",
    role: "editor",
    ok: 200,
    send: async () => ({ path: `/api/portal/collections/${(await newCollection()).id}` }),
  },
  {
    method: "DELETE",
    route: "api/portal/collections/[id]/perks/[perkId]",
    auth: "session",
    role: "editor",
    ok: 200,
    send: async () => {
      const { id, perkId } = await newCollection();
      return { path: `/api/portal/collections/${id}/perks/${perkId}` };
    },
  },
  {
    method: "GET",
    route: "api/portal/collections/[id]/history",
    auth: "session",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: `/api/portal/collections/${(await newCollection()).id}/history` }),
  },
  {
    method: "GET",
    route: "api/portal/collections/[id]/history/[entryId]",
    auth: "session",
    role: "viewer",
    ok: 200,
    send: async () => {
      const { id } = await newCollection();
      const [entry] = await queryRows<{ id: number }>(await getDb(), sql`SELECT id FROM collection_history WHERE collection_id = ${id}`);
      return { path: `/api/portal/collections/${id}/history/${entry!.id}` };
    },
  },
  {
    method: "GET",
    route: "api/portal/collections/[id]/chain",
    auth: "session",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: `/api/portal/collections/${(await newCollection()).id}/chain` }),
  },
  // A collection on a chain without an RPC cannot be synced: the route's own 400, past the gate.
  {
    method: "POST",
    route: "api/portal/collections/[id]/chain/sync",
    auth: "session",
    role: "editor",
    ok: 400,
    send: async () => ({ path: `/api/portal/collections/${(await newCollection()).id}/chain/sync` }),
  },
  {
    method: "POST",
    route: "api/portal/save",
    auth: "session",
    role: "editor",
    ok: 200,
    send: async () => ({ path: "/api/portal/save", ...portalSave() }),
  },
  {
    method: "POST",
    route: "api/portal/save",
    auth: "session",
    role: "editor",
    ok: 200,
    send: async () => ({ path: "/api/portal/save", ...portalSave((await newCollection()).id) }),
  },
  {
    method: "GET",
    route: "api/portal/export",
    auth: "session",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: "/api/portal/export?format=json" }),
  },
  {
    method: "POST",
    route: "api/portal/import",
    auth: "session",
    role: "editor",
    ok: 200,
    send: async () => ({
      path: "/api/portal/import?format=json",
      ...json([{ nftData: validCollection({ Title: "Imported by a member" }) }]),
    }),
  },
  { method: "GET", route: "api/portal/keys", auth: "session", role: "viewer", ok: 200, send: async () => ({ path: "/api/portal/keys" }) },
  {
    method: "POST",
    route: "api/portal/keys",
    auth: "session",
    role: "admin",
    ok: 200,
    send: async () => ({ path: "/api/portal/keys", ...json({ label: "minted in the table" }) }),
  },
  {
    method: "DELETE",
    route: "api/portal/keys/[id]",
    auth: "session",
    role: "admin",
    ok: 200,
    send: async () => ({ path: `/api/portal/keys/${await newKey()}` }),
  },
  {
    method: "GET",
    route: "api/portal/webhooks",
    auth: "session",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: "/api/portal/webhooks" }),
  },
  {
    method: "POST",
    route: "api/portal/webhooks",
    auth: "session",
    role: "admin",
    ok: 200,
    send: async () => ({
      path: "/api/portal/webhooks",
      ...json({ url: `${hookUrl}/${Math.random().toString(36).slice(2)}`, events: ["collection.deleted"] }),
    }),
  },
  {
    method: "DELETE",
    route: "api/portal/webhooks/[id]",
    auth: "session",
    role: "admin",
    ok: 200,
    send: async () => ({ path: `/api/portal/webhooks/${await newEndpoint()}` }),
  },
  {
    method: "POST",
    route: "api/portal/webhooks/[id]/enable",
    auth: "session",
    role: "admin",
    ok: 200,
    send: async () => ({ path: `/api/portal/webhooks/${await newEndpoint()}/enable` }),
  },
  {
    method: "POST",
    route: "api/portal/webhooks/[id]/test",
    auth: "session",
    role: "admin",
    ok: 200,
    send: async () => ({ path: `/api/portal/webhooks/${await newEndpoint()}/test` }),
  },
  {
    method: "GET",
    route: "api/portal/webhooks/[id]/deliveries",
    auth: "session",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: `/api/portal/webhooks/${await newEndpoint()}/deliveries` }),
  },
  {
    method: "POST",
    route: "api/portal/webhooks/[id]/deliveries/[deliveryId]/resend",
    auth: "session",
    role: "admin",
    ok: 200,
    send: async () => {
      const { endpoint, delivery } = await newDelivery();
      return { path: `/api/portal/webhooks/${endpoint}/deliveries/${delivery}/resend` };
    },
  },
  // Verifying needs a contract on a chain with an RPC: the route's own 400 once past the gate.
  {
    method: "POST",
    route: "api/portal/collections/[id]/chain/nonce",
    auth: "session",
    role: "editor",
    ok: 400,
    send: async () => ({ path: `/api/portal/collections/${(await newCollection()).id}/chain/nonce`, ...json({ Address: address }) }),
  },
  {
    method: "POST",
    route: "api/portal/collections/[id]/chain/verify",
    auth: "session",
    role: "editor",
    ok: 400,
    send: async () => ({
      path: `/api/portal/collections/${(await newCollection()).id}/chain/verify`,
      ...json({ Message: "not a message", Signature: `0x${"ab".repeat(65)}` }),
    }),
  },
  // Claims: a code no claim has is the route's own 404, past the gate.
  {
    method: "GET",
    route: "api/portal/collections/[id]/claims",
    auth: "session",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: `/api/portal/collections/${(await newCollection()).id}/claims` }),
  },
  {
    method: "POST",
    route: "api/portal/claims/redeem",
    auth: "session",
    role: "editor",
    ok: 404,
    send: async () => ({ path: "/api/portal/claims/redeem", ...json({ Code: "ABCDE23456" }) }),
  },
  // The API: a read key is a viewer, a write key an editor.
  {
    method: "GET",
    route: "api-gateway/collections/[id]",
    auth: "key",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: `/api-gateway/collections/${(await newCollection()).id}` }),
  },
  {
    method: "DELETE",
    route: "api-gateway/collections/[id]",
    auth: "key",
    role: "editor",
    ok: 200,
    send: async () => ({ path: `/api-gateway/collections/${(await newCollection()).id}` }),
  },
  {
    method: "DELETE",
    route: "api-gateway/collections/[id]/perks/[perkId]",
    auth: "key",
    role: "editor",
    ok: 200,
    send: async () => {
      const { id, perkId } = await newCollection();
      return { path: `/api-gateway/collections/${id}/perks/${perkId}` };
    },
  },
  {
    method: "GET",
    route: "api-gateway/collections/[id]/history",
    auth: "key",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: `/api-gateway/collections/${(await newCollection()).id}/history` }),
  },
  {
    method: "GET",
    route: "api-gateway/collections/[id]/insights",
    auth: "key",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: `/api-gateway/collections/${(await newCollection()).id}/insights` }),
  },
  {
    method: "GET",
    route: "api-gateway/collections/[id]/history/[entryId]",
    auth: "key",
    role: "viewer",
    ok: 200,
    send: async () => {
      const { id } = await newCollection();
      const [entry] = await queryRows<{ id: number }>(await getDb(), sql`SELECT id FROM collection_history WHERE collection_id = ${id}`);
      return { path: `/api-gateway/collections/${id}/history/${entry!.id}` };
    },
  },
  {
    method: "POST",
    route: "api-gateway/create",
    auth: "key",
    role: "editor",
    ok: 200,
    send: async () => ({ path: "/api-gateway/create", ...portalSave() }),
  },
  {
    method: "POST",
    route: "api-gateway/create",
    auth: "key",
    role: "editor",
    ok: 200,
    send: async () => ({ path: "/api-gateway/create", ...portalSave((await newCollection()).id) }),
  },
  {
    method: "GET",
    route: "api-gateway/search",
    auth: "key",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: "/api-gateway/search?query=otters" }),
  },
  {
    method: "GET",
    route: "api-gateway/wallets/[address]/perks",
    auth: "key",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: `/api-gateway/wallets/${address}/perks` }),
  },
  {
    method: "GET",
    route: "api-gateway/collections/[id]/claims",
    auth: "key",
    role: "viewer",
    ok: 200,
    send: async () => ({ path: `/api-gateway/collections/${(await newCollection()).id}/claims?format=csv` }),
  },
  {
    method: "POST",
    route: "api-gateway/claims/redeem",
    auth: "key",
    role: "editor",
    ok: 404,
    send: async () => ({ path: "/api-gateway/claims/redeem", ...json({ Code: "ABCDE23456" }) }),
  },
  { method: "GET", route: "api-gateway/perks", auth: "key", role: "viewer", ok: 200, send: async () => ({ path: "/api-gateway/perks" }) },
  // The validCollection's chain has no RPC here: the route's own 400 once past the gate.
  {
    method: "POST",
    route: "api-gateway/verification/nonce",
    auth: "key",
    role: "editor",
    ok: 400,
    send: async () => ({
      path: "/api-gateway/verification/nonce",
      ...json({ PlatformNFTId: (await newCollection()).id, Address: address }),
    }),
  },
  {
    method: "POST",
    route: "api-gateway/verification/verify",
    auth: "key",
    role: "editor",
    ok: 400,
    send: async () => ({
      path: "/api-gateway/verification/verify",
      ...json({ PlatformNFTId: (await newCollection()).id, Message: "not a message", Signature: `0x${"ab".repeat(65)}` }),
    }),
  },
];

/** Routes anyone may call, budgeted by client address: no team, no role. */
const PUBLIC_ROUTES = ["api-gateway/[[...path]]", "api-gateway/openapi.json"];

/** What a refused request must leave as it was (a key's last use is a hint, written by any call). */
async function teamState(): Promise<unknown> {
  const db = await getDb();
  const read = (query: ReturnType<typeof sql>) => queryRows(db, query);
  return {
    collections: await read(sql`SELECT id, team_id, managers, version, data FROM collections ORDER BY id`),
    perks: await read(sql`SELECT id, collection_id, data FROM perks ORDER BY id`),
    keys: await read(sql`SELECT id, team_id, revoked_at FROM api_keys ORDER BY id`),
    endpoints: await read(sql`SELECT id, enabled FROM webhook_endpoints ORDER BY id`),
    deliveries: await read(sql`SELECT id, status, attempts FROM webhook_deliveries ORDER BY id`),
    teams: await read(sql`SELECT id, name FROM teams ORDER BY id`),
    members: await read(sql`SELECT team_id, user_id, role FROM team_members ORDER BY team_id, user_id`),
    history: await read(sql`SELECT count(*)::int AS n FROM collection_history`),
    invitations: await read(sql`SELECT id, token_hash, expires_at, accepted_at, revoked_at FROM team_invitations ORDER BY id`),
  };
}

function request(row: Row, sent: Sent, credential: string): Request {
  const auth: Record<string, string> =
    row.auth === "key" ? { authorization: `Bearer ${credential}` } : { cookie: credential, origin: ORIGIN };
  return new Request(`${ORIGIN}${sent.path}`, {
    method: row.method,
    headers: { ...auth, ...(sent.contentType ? { "content-type": sent.contentType } : {}) },
    body: sent.body,
  });
}

/**
 * Each caller a route is sent with: the four member roles for the portal; for the API the two key
 * scopes, and the keys of a demoted and a removed minter (role null: no live key at all).
 */
const callers = (row: Row): { name: string; role: Role | null; credential: () => string }[] =>
  row.auth === "key"
    ? [
        { name: "viewer (read key)", role: "viewer", credential: () => keys.read },
        { name: "editor (write key)", role: "editor", credential: () => keys.write },
        { name: "viewer (write key of an admin made a viewer)", role: "viewer", credential: () => keys.demotedMinter },
        { name: "nobody (write key of a removed admin)", role: null, credential: () => keys.removedMinter },
      ]
    : TEAM_ROLES.map((role) => ({ name: role, role, credential: () => (role === "owner" ? owner : sessions.get(role)!).cookie }));

beforeAll(async () => {
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;
  owner = await signUp();
  for (const role of ["viewer", "editor", "admin"] as const) {
    const member = await signUp();
    expect(await addTeamMember(owner.teamId, member.userId, role)).toBe(true);
    const session = (await (await getSession(member.cookie)).json()) as { session: { id: string } };
    expect(await chooseTeam(session.session.id, member.userId, owner.teamId)).toBe(true);
    sessions.set(role, member);
  }
  keys.read = (await createApiKey(owner.userId, "reader", { teamId: owner.teamId, scope: "read" })).key;
  keys.write = (await createApiKey(owner.userId, "writer", { teamId: owner.teamId, scope: "write" })).key;
  for (const fate of ["demotedMinter", "removedMinter"] as const) {
    const minter = await signUp();
    expect(await addTeamMember(owner.teamId, minter.userId, "admin")).toBe(true);
    keys[fate] = (await createApiKey(minter.userId, fate, { teamId: owner.teamId, scope: "write" })).key;
    if (fate === "demotedMinter") await changeRole(ownerActor(), minter.userId, "viewer");
    else await removeMember(ownerActor(), minter.userId);
  }
}, 400_000);

afterAll(() => new Promise<void>((resolve) => hooks.close(() => resolve())));

describe("roles on every route", () => {
  it("covers every key and session route of the app", () => {
    const app = path.resolve(import.meta.dirname, "../../app");
    const routes = readdirSync(app, { recursive: true, encoding: "utf8" })
      .filter((file) => path.basename(file) === "route.ts")
      .map((file) => path.dirname(file).split(path.sep).join("/"))
      .filter((route) => route.startsWith("api/portal") || route.startsWith("api-gateway"));
    const covered = new Set([...ROUTES.map((row) => row.route), ...PUBLIC_ROUTES]);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });

  describe.each(ROUTES.map((row) => [`${row.method} /${row.route} (${row.auth}, needs ${row.role})`, row] as const))("%s", (_name, row) => {
    it.each(callers(row).map((caller) => [caller.name, caller] as const))("as %s", async (_name, { role, credential }) => {
      const sent = await row.send();
      const before = role && holds(role, row.role) ? null : await teamState();
      const response = await callRoute(request(row, sent, credential()));
      const body = await response.text();
      if (role === null) {
        expect({ status: response.status, body: JSON.parse(body) }).toEqual({
          status: 401,
          body: { error: BAD_API_KEY, code: "unauthorized" },
        });
        expect(await teamState()).toEqual(before);
      } else if (before === null) {
        expect({ status: response.status, body: body.slice(0, 300) }).toMatchObject({ status: row.okAs?.[role] ?? row.ok });
        await row.after?.();
      } else {
        expect({ status: response.status, body: JSON.parse(body) }).toEqual({
          status: 403,
          body: { error: roleRefusal(row.role), code: "forbidden" },
        });
        expect(await teamState()).toEqual(before);
      }
    });
  });
});

/** What `Managers` lists, and who history names, once several members work in one team. */
describe("a team of several members", () => {
  it("lists the owner, admins and editors as Managers, never a viewer, and names in history the member who wrote", async () => {
    const editor = sessions.get("editor")!;
    const saved = await callRoute(
      request(
        ROUTES.find((row) => row.route === "api/portal/save")!,
        { path: "/api/portal/save", ...portalSave() },
        editor.cookie,
      ),
    );
    expect(saved.status).toBe(200);
    const id = ((await saved.json()) as { nftData: { PlatformNFTId: string } }).nftData.PlatformNFTId;
    const record = await callRoute(
      new Request(`${ORIGIN}/api-gateway/collections/${id}`, { headers: { authorization: `Bearer ${keys.read}` } }),
    );
    const managers = ((await record.json()) as { nftData: { Managers: string[] } }).nftData.Managers;
    expect(managers.sort()).toEqual([owner, sessions.get("admin")!, editor].map((member) => `Users/${member.userId}`).sort());
    const history = await callRoute(
      new Request(`${ORIGIN}/api/portal/collections/${id}/history`, { headers: { cookie: sessions.get("viewer")!.cookie } }),
    );
    expect(((await history.json()) as { Docs: { Account: string; Via: string }[] }).Docs[0]).toMatchObject({
      Account: `Users/${editor.userId}`,
    });
  });
});
