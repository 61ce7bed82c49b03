import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { NO_TEAM } from "@/lib/http/server/route-auth";
import { roleRefusal } from "@/lib/schemas/team-roles";
import { addTeamMember, chooseTeam } from "@/lib/teams/server/teams";
import { create, createOk, deleteCollection, validCollection } from "../support/api";
import { getSession, portal, signUp, type Partner } from "../support/portal";

// Acting on a team's work through another team one belongs to, or through a weaker role, or after
// leaving: refused as an outsider is, or with the role's 403, and nothing changes.

let owner: Partner;
/** The owner of their own team and an editor of the owner's (so among its Managers), working in their own team. */
let member: Partner;
/** Someone with no tie to the owner's team. */
let outsider: Partner;
let ownersKey: string;
let collectionId: string;

const sessionId = async (partner: Partner) => ((await (await getSession(partner.cookie)).json()) as { session: { id: string } }).session.id;

async function state(): Promise<unknown> {
  const db = await getDb();
  return {
    collections: await queryRows(db, sql`SELECT id, team_id, managers, version, data FROM collections ORDER BY id`),
    perks: await queryRows(db, sql`SELECT id, data FROM perks ORDER BY id`),
    keys: await queryRows(db, sql`SELECT id, team_id, scope, revoked_at FROM api_keys ORDER BY id`),
    members: await queryRows(db, sql`SELECT team_id, user_id, role FROM team_members ORDER BY team_id, user_id`),
    sessions: await queryRows(db, sql`SELECT id, team_id FROM sessions ORDER BY id`),
  };
}

/** Status and body of an answer, to compare a member's refusal with an outsider's. */
const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

beforeAll(async () => {
  [owner, member, outsider] = [await signUp(), await signUp(), await signUp()];
  expect(await addTeamMember(owner.teamId, member.userId, "editor")).toBe(true);
  ownersKey = (await createApiKey(owner.userId, "owner's", { teamId: owner.teamId })).key;
  collectionId = (await createOk(ownersKey, { nftData: validCollection({ Title: "The owner's otters" }) })).nftData.PlatformNFTId;
}, 400_000);

describe("acting on another team's collection", () => {
  it("through a team one edits in: the outsider's answers, nothing changed", async () => {
    const edit = { nftData: { ...validCollection({ Title: "Taken over" }), PlatformNFTId: collectionId } };
    const before = await state();
    // The member works in their own team; in the owner's, they are an editor.
    const asMember = [
      await answer(await portal.save({ cookie: member.cookie }, edit)),
      await answer(await portal.record({ cookie: member.cookie }, collectionId)),
      await answer(await portal.deleteCollection({ cookie: member.cookie }, collectionId)),
      await answer(await portal.history({ cookie: member.cookie }, collectionId)),
    ];
    const asOutsider = [
      await answer(await portal.save({ cookie: outsider.cookie }, edit)),
      await answer(await portal.record({ cookie: outsider.cookie }, collectionId)),
      await answer(await portal.deleteCollection({ cookie: outsider.cookie }, collectionId)),
      await answer(await portal.history({ cookie: outsider.cookie }, collectionId)),
    ];
    expect(asMember).toEqual(asOutsider);
    expect(asMember.map((one) => one.status)).toEqual([403, 404, 403, 403]);
    expect(await state()).toEqual(before);
  });

  it("through the member's own team's key: the outsider's answers, nothing changed", async () => {
    const membersKey = (await createApiKey(member.userId, "member's", { teamId: member.teamId })).key;
    const outsidersKey = (await createApiKey(outsider.userId, "outsider's", { teamId: outsider.teamId })).key;
    const edit = { nftData: { ...validCollection({ Title: "Taken over" }), PlatformNFTId: collectionId } };
    const before = await state();
    expect(await answer(await create(membersKey, edit))).toEqual(await answer(await create(outsidersKey, edit)));
    expect(await answer(await deleteCollection(membersKey, collectionId))).toEqual(
      await answer(await deleteCollection(outsidersKey, collectionId)),
    );
    expect((await create(membersKey, edit)).status).toBe(403);
    expect(await state()).toEqual(before);
  });

  it("as a viewer of the team: the role's 403, nothing changed", async () => {
    const viewer = await signUp();
    expect(await addTeamMember(owner.teamId, viewer.userId, "viewer")).toBe(true);
    expect(await chooseTeam(await sessionId(viewer), viewer.userId, owner.teamId)).toBe(true);
    const edit = { nftData: { ...validCollection({ Title: "Viewer's edit" }), PlatformNFTId: collectionId } };
    const before = await state();
    expect(await answer(await portal.save({ cookie: viewer.cookie }, edit))).toMatchObject({
      status: 403,
      body: { error: roleRefusal("editor") },
    });
    expect(await answer(await portal.mintKey({ cookie: viewer.cookie }, { label: "mine now" }))).toMatchObject({
      status: 403,
      body: { error: roleRefusal("admin") },
    });
    expect(await state()).toEqual(before);
    // Reading is a viewer's: the record, as the team sees it.
    expect((await portal.record({ cookie: viewer.cookie }, collectionId)).status).toBe(200);
  });
});

describe("choosing a team", () => {
  it("is refused for a team one is not a member of, and for another account's session", async () => {
    const before = await state();
    expect(await chooseTeam(await sessionId(outsider), outsider.userId, owner.teamId)).toBe(false);
    expect(await chooseTeam(await sessionId(owner), member.userId, owner.teamId)).toBe(false);
    expect(await state()).toEqual(before);
    expect((await portal.record({ cookie: outsider.cookie }, collectionId)).status).toBe(404);
  });
});

describe("minting keys", () => {
  it("refuses a scope that is neither read nor write, minting nothing", async () => {
    const before = await state();
    const refused = await portal.mintKey({ cookie: owner.cookie }, { label: "wide", scope: "admin" });
    expect(await answer(refused)).toMatchObject({ status: 400, body: { error: 'scope: expected "read" or "write"' } });
    expect(await state()).toEqual(before);
  });

  it("mints a read key that reads the team's collections and is refused every write", async () => {
    const minted = await portal.mintKey({ cookie: owner.cookie }, { label: "reader", scope: "read" });
    expect(minted.status).toBe(200);
    const { key, summary } = (await minted.json()) as { key: string; summary: Record<string, unknown> };
    expect(summary).toMatchObject({ label: "reader", scope: "read", createdBy: owner.email });
    const before = await state();
    expect(await answer(await create(key, { nftData: validCollection() }))).toMatchObject({
      status: 403,
      body: { error: roleRefusal("editor") },
    });
    expect(await answer(await deleteCollection(key, collectionId))).toMatchObject({ status: 403, body: { error: roleRefusal("editor") } });
    expect(await state()).toEqual(before);
  });
});

describe("leaving a team", () => {
  it("takes effect at the member's next request, with no sign-in again", async () => {
    const leaver = await signUp();
    expect(await addTeamMember(owner.teamId, leaver.userId, "editor")).toBe(true);
    expect(await chooseTeam(await sessionId(leaver), leaver.userId, owner.teamId)).toBe(true);
    expect((await portal.record({ cookie: leaver.cookie }, collectionId)).status).toBe(200);

    const db = await getDb();
    await db.execute(sql`DELETE FROM team_members WHERE team_id = ${owner.teamId} AND user_id = ${leaver.userId}`);
    // Back in their own team: the owner's collection is another team's.
    expect((await portal.record({ cookie: leaver.cookie }, collectionId)).status).toBe(404);

    // In no team at all, every route says so.
    await db.execute(sql`DELETE FROM team_members WHERE user_id = ${leaver.userId}`);
    expect(await answer(await portal.list({ cookie: leaver.cookie }))).toMatchObject({ status: 403, body: { error: NO_TEAM } });
  });
});
