import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { BAD_API_KEY } from "@/lib/errors";
import { roleRefusal } from "@/lib/schemas/team-roles";
import { INVITATION_GONE } from "@/lib/teams/server/invitations";
import { addTeamMember, chooseTeam } from "@/lib/teams/server/teams";
import { create, createOk, retrieve, validCollection } from "../support/api";
import { nextMailLink, testMailbox } from "../support/mailbox";
import { signUp, type Partner } from "../support/portal";
import { asPartner, sessionIdOf, tokenOf } from "../support/team";

// A member's power leaves with them: the keys they minted act at most at their current role and
// are revoked when they go; the invitations they sent go when they may no longer send them.

let owner: Partner;
let admin: Partner;

beforeEach(async () => {
  [owner, admin] = [await signUp(), await signUp()];
  expect(await addTeamMember(owner.teamId, admin.userId, "admin")).toBe(true);
  expect(await chooseTeam(await sessionIdOf(admin), admin.userId, owner.teamId)).toBe(true);
}, 400_000);

const newEmail = () => `invited-${randomBytes(4).toString("hex")}@example.com`;
const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

async function mintKey(by: Partner, label: string, scope: "read" | "write" = "write") {
  const response = await asPartner(by, "POST", "/api/portal/keys", { label, scope });
  expect(response.status).toBe(200);
  return ((await response.json()) as { key: string; summary: { prefix: string } }).key;
}

async function invite(by: Partner, email: string, role: string) {
  const seen = testMailbox().messages(email).length;
  const response = await asPartner(by, "POST", "/api/portal/team/invitations", { email, role });
  expect(response.status, await response.clone().text()).toBe(200);
  return tokenOf(await nextMailLink(email, seen));
}

type View = { members: { userId: string; keys: { label: string; prefix: string }[] }[]; invitations: { email: string }[] };
const teamView = async (who: Partner) => (await (await asPartner(who, "GET", "/api/portal/team")).json()) as View;

async function liveKeysOf(userId: string) {
  const rows = await queryRows<{ n: number }>(
    await getDb(),
    sql`SELECT count(*)::int AS n FROM api_keys WHERE user_id = ${userId} AND revoked_at IS NULL`,
  );
  return rows[0]!.n;
}

describe("a removed member's keys and invitations", () => {
  it("are listed before the removal, then revoked with it: the key is refused (401) and the invitation gone (400)", async () => {
    const id = (await createOk(await mintKey(owner, "owner's"), { nftData: validCollection() })).nftData.PlatformNFTId as string;
    const key = await mintKey(admin, "deploy bot");
    const email = newEmail();
    const token = await invite(admin, email, "admin");
    expect((await retrieve(key, id)).status).toBe(200);

    const listed = (await teamView(owner)).members.find((member) => member.userId === admin.userId)!;
    expect(listed.keys).toEqual([{ label: "deploy bot", prefix: key.slice(0, 10) }]);

    expect((await asPartner(owner, "DELETE", `/api/portal/team/members/${admin.userId}`)).status).toBe(200);
    expect(await liveKeysOf(admin.userId)).toBe(0);
    expect(await answer(await retrieve(key, id))).toMatchObject({ status: 401, body: { error: BAD_API_KEY } });
    expect(await answer(await create(key, { nftData: validCollection() }))).toMatchObject({ status: 401, body: { error: BAD_API_KEY } });
    expect((await teamView(owner)).invitations.map((invitation) => invitation.email)).not.toContain(email);

    const invited = await signUp(email);
    expect(await answer(await asPartner(invited, "POST", "/api/portal/invitations/accept", { token }))).toMatchObject({
      status: 400,
      body: { error: INVITATION_GONE },
    });
  });

  it("a member who leaves takes their keys with them", async () => {
    const key = await mintKey(admin, "leaver's");
    expect((await asPartner(admin, "POST", "/api/portal/team/leave")).status).toBe(200);
    expect(await answer(await create(key, { nftData: validCollection() }))).toMatchObject({ status: 401, body: { error: BAD_API_KEY } });
  });
});

describe("a demoted member's keys act at the new role", () => {
  it("a viewer's write key reads and writes nothing; made an editor again it writes; their invitations went with the admin role", async () => {
    const key = await mintKey(admin, "writer");
    const email = newEmail();
    const token = await invite(admin, email, "editor");
    expect((await asPartner(owner, "POST", `/api/portal/team/members/${admin.userId}`, { role: "viewer" })).status).toBe(200);

    const before = await queryRows(await getDb(), sql`SELECT id FROM collections ORDER BY id`);
    expect(await answer(await create(key, { nftData: validCollection() }))).toMatchObject({
      status: 403,
      body: { error: roleRefusal("editor") },
    });
    expect(await queryRows(await getDb(), sql`SELECT id FROM collections ORDER BY id`)).toEqual(before);
    const invited = await signUp(email);
    expect((await asPartner(invited, "POST", "/api/portal/invitations/accept", { token })).status).toBe(400);

    expect((await asPartner(owner, "POST", `/api/portal/team/members/${admin.userId}`, { role: "editor" })).status).toBe(200);
    expect((await create(key, { nftData: validCollection() })).status).toBe(200);
  });

  it("an owner made an admin loses the owner invitations they sent, and keeps the others", async () => {
    const second = await signUp();
    expect(await addTeamMember(owner.teamId, second.userId, "owner")).toBe(true);
    expect(await chooseTeam(await sessionIdOf(second), second.userId, owner.teamId)).toBe(true);
    const [asOwner, asEditor] = [newEmail(), newEmail()];
    await invite(second, asOwner, "owner");
    await invite(second, asEditor, "editor");
    expect((await asPartner(owner, "POST", `/api/portal/team/members/${second.userId}`, { role: "admin" })).status).toBe(200);
    expect((await teamView(owner)).invitations.map((invitation) => invitation.email)).toEqual([asEditor]);
  });
});

describe("an account in no team", () => {
  it("accepts an invitation (its only team gone, it was removed from the last)", async () => {
    const stray = await signUp();
    expect(await addTeamMember(owner.teamId, stray.userId, "viewer")).toBe(true);
    // Its own first team deleted (it has another), then removed from that other: it is in no team.
    expect((await asPartner(stray, "DELETE", "/api/portal/team")).status).toBe(200);
    expect((await asPartner(owner, "DELETE", `/api/portal/team/members/${stray.userId}`)).status).toBe(200);
    const token = await invite(owner, stray.email, "editor");
    expect(await answer(await asPartner(stray, "POST", "/api/portal/invitations/accept", { token }))).toEqual({
      status: 200,
      body: { teamId: owner.teamId },
    });
    expect((await asPartner(stray, "GET", "/api/portal/team")).status).toBe(200);
  });
});
