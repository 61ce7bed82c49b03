import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { roleRefusal, type Role } from "@/lib/schemas/team-roles";
import { LAST_OWNER, ONLY_TEAM, OWNERS_ONLY, STILL_OWNS } from "@/lib/teams/server/members";
import { addTeamMember, chooseTeam } from "@/lib/teams/server/teams";
import { createOk, validCollection } from "../support/api";
import { portal, signUp, type Partner } from "../support/portal";
import { asPartner, sessionIdOf } from "../support/team";

// Changing roles, removing members, leaving and handing over ownership: who may do which, and a
// removal counting at the removed member's very next request.

let owner: Partner;
const members = new Map<Role, Partner>();

/** A fresh team for each test: its owner, and one member of each other role working in it. */
beforeEach(async () => {
  owner = await signUp();
  for (const role of ["viewer", "editor", "admin"] as const) {
    const member = await signUp();
    expect(await addTeamMember(owner.teamId, member.userId, role)).toBe(true);
    expect(await chooseTeam(await sessionIdOf(member), member.userId, owner.teamId)).toBe(true);
    members.set(role, member);
  }
}, 400_000);

const member = (role: Exclude<Role, "owner">) => members.get(role)!;
const setRole = (by: Partner, who: Partner, role: Role) => asPartner(by, "POST", `/api/portal/team/members/${who.userId}`, { role });
const remove = (by: Partner, who: Partner) => asPartner(by, "DELETE", `/api/portal/team/members/${who.userId}`);
const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

async function roles(): Promise<Record<string, string>> {
  const rows = await queryRows<{ user_id: string; role: string }>(
    await getDb(),
    sql`SELECT user_id, role FROM team_members WHERE team_id = ${owner.teamId}`,
  );
  return Object.fromEntries(rows.map((row) => [row.user_id, row.role]));
}

describe("removal takes effect at the member's next request", () => {
  it("a removed editor's open session loses the team's collections mid-session", async () => {
    const editor = member("editor");
    const key = (await createApiKey(owner.userId, "owner's", { teamId: owner.teamId })).key;
    const id = (await createOk(key, { nftData: validCollection({ Title: "Shared otters" }) })).nftData.PlatformNFTId;
    const edit = { nftData: { ...validCollection({ Title: "Edited by the editor" }), PlatformNFTId: id } };
    expect((await portal.record({ cookie: editor.cookie }, id)).status).toBe(200);
    expect((await portal.save({ cookie: editor.cookie }, edit)).status).toBe(200);

    expect(await answer(await remove(owner, editor))).toEqual({ status: 200, body: { removed: editor.userId } });
    // The same cookie, the next request: the session falls back to the editor's own team.
    expect((await portal.record({ cookie: editor.cookie }, id)).status).toBe(404);
    expect((await portal.save({ cookie: editor.cookie }, edit)).status).toBe(403);
    const view = (await (await asPartner(editor, "GET", "/api/portal/team")).json()) as { team: { id: string } };
    expect(view.team.id).toBe(editor.teamId);
    const managers = await queryRows<{ managers: string[] }>(await getDb(), sql`SELECT managers FROM collections WHERE id = ${id}`);
    expect(managers[0]!.managers).not.toContain(editor.userId);
  });

  it("a member who leaves loses the team as well", async () => {
    const viewer = member("viewer");
    expect((await asPartner(viewer, "POST", "/api/portal/team/leave")).status).toBe(200);
    expect((await roles())[viewer.userId]).toBeUndefined();
    const view = (await (await asPartner(viewer, "GET", "/api/portal/team")).json()) as { team: { id: string } };
    expect(view.team.id).toBe(viewer.teamId);
  });
});

describe("role rules, nothing changed when refused", () => {
  it("an editor cannot make themself an admin, nor remove anyone", async () => {
    const editor = member("editor");
    const before = await roles();
    expect(await answer(await setRole(editor, editor, "admin"))).toMatchObject({ status: 403, body: { error: roleRefusal("admin") } });
    expect((await remove(editor, member("viewer"))).status).toBe(403);
    expect(await roles()).toEqual(before);
  });

  it("an admin cannot touch an owner, nor make one (themself included)", async () => {
    const admin = member("admin");
    const before = await roles();
    const refused = { status: 403, body: { error: OWNERS_ONLY, code: "forbidden" } };
    expect(await answer(await setRole(admin, owner, "viewer"))).toEqual(refused);
    expect(await answer(await remove(admin, owner))).toEqual(refused);
    expect(await answer(await setRole(admin, member("editor"), "owner"))).toEqual(refused);
    expect(await answer(await setRole(admin, admin, "owner"))).toEqual(refused);
    expect(await roles()).toEqual(before);
  });

  it("an admin changes and removes the members below owner", async () => {
    const admin = member("admin");
    expect((await setRole(admin, member("viewer"), "editor")).status).toBe(200);
    expect((await remove(admin, member("editor"))).status).toBe(200);
    const after = await roles();
    expect(after[member("viewer").userId]).toBe("editor");
    expect(after[member("editor").userId]).toBeUndefined();
  });

  it("the last owner can neither leave nor be demoted; a member of another team is unknown", async () => {
    const outsider = await signUp();
    const before = await roles();
    expect(await answer(await asPartner(owner, "POST", "/api/portal/team/leave"))).toMatchObject({
      status: 400,
      body: { error: LAST_OWNER },
    });
    expect(await answer(await setRole(owner, owner, "admin"))).toMatchObject({ status: 400, body: { error: LAST_OWNER } });
    expect(await answer(await remove(owner, owner))).toMatchObject({ status: 400, body: { error: LAST_OWNER } });
    expect((await setRole(owner, outsider, "viewer")).status).toBe(404);
    expect((await remove(owner, outsider)).status).toBe(404);
    expect((await asPartner(owner, "POST", "/api/portal/team/transfer", { userId: outsider.userId })).status).toBe(404);
    expect(await roles()).toEqual(before);
  });

  it("ownership is handed over: the new owner owns, the old one is an admin and may then leave", async () => {
    const admin = member("admin");
    expect((await asPartner(admin, "POST", "/api/portal/team/transfer", { userId: admin.userId })).status).toBe(403);
    expect((await asPartner(owner, "POST", "/api/portal/team/transfer", { userId: admin.userId })).status).toBe(200);
    const after = await roles();
    expect([after[admin.userId], after[owner.userId]]).toEqual(["owner", "admin"]);
    expect((await asPartner(owner, "POST", "/api/portal/team/leave")).status).toBe(200);
    expect((await roles())[owner.userId]).toBeUndefined();
  });

  it("with two owners one may demote the other, never the last", async () => {
    expect((await setRole(owner, member("admin"), "owner")).status).toBe(200);
    expect((await setRole(member("admin"), owner, "editor")).status).toBe(200);
    expect((await setRole(member("admin"), member("admin"), "editor")).status).toBe(400);
    expect((await roles())[member("admin").userId]).toBe("owner");
  });
});

describe("the team switcher", () => {
  it("lists the account's teams and switches only to one of them", async () => {
    const viewer = member("viewer");
    const listed = (await (await asPartner(viewer, "GET", "/api/portal/teams")).json()) as { current: string; teams: { id: string }[] };
    expect(listed.current).toBe(owner.teamId);
    expect(listed.teams.map((team) => team.id).sort()).toEqual([owner.teamId, viewer.teamId].sort());
    expect((await asPartner(viewer, "POST", "/api/portal/teams", { teamId: viewer.teamId })).status).toBe(200);
    const outsider = await signUp();
    expect((await asPartner(viewer, "POST", "/api/portal/teams", { teamId: outsider.teamId })).status).toBe(404);
    const now = (await (await asPartner(viewer, "GET", "/api/portal/teams")).json()) as { current: string };
    expect(now.current).toBe(viewer.teamId);
  });
});

describe("renaming the team", () => {
  const rename = (by: Partner, body: unknown) => asPartner(by, "PATCH", "/api/portal/team", body);
  const names = async () =>
    (
      (await (await asPartner(member("viewer"), "GET", "/api/portal/teams")).json()) as { teams: { id: string; name: string }[] }
    ).teams.find((team) => team.id === owner.teamId)?.name;

  it("an owner renames it, trimmed, and every member's switcher and Members page show the new name", async () => {
    expect(await answer(await rename(owner, { name: "  Harbour Labs  " }))).toEqual({
      status: 200,
      body: { team: { id: owner.teamId, name: "Harbour Labs" } },
    });
    expect(await names()).toBe("Harbour Labs");
    const view = (await (await asPartner(member("editor"), "GET", "/api/portal/team")).json()) as { team: { name: string } };
    expect(view.team.name).toBe("Harbour Labs");
  });

  it("refuses admins and below, and names that are empty, too long or carry other fields, changing nothing", async () => {
    const before = await names();
    for (const role of ["viewer", "editor", "admin"] as const) {
      expect(await answer(await rename(member(role), { name: "Taken over" }))).toMatchObject({
        status: 403,
        body: { error: roleRefusal("owner") },
      });
    }
    for (const [body, error] of [
      [{ name: "   " }, "name: Enter the team's name"],
      [{ name: "x".repeat(101) }, "name: Use at most 100 characters"],
      [{}, "name: Enter the team's name"],
      [{ name: "Fine", owner: "me" }, "owner: unknown field"],
    ] as const) {
      const refused = await answer(await rename(owner, body));
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain(error);
    }
    expect(await names()).toBe(before);
  });
});

describe("deleting the team", () => {
  const teamRows = async (teamId: string) =>
    (
      await queryRows<{ teams: number; members: number; keys: number }>(
        await getDb(),
        sql`SELECT (SELECT count(*)::int FROM teams WHERE id = ${teamId}) AS teams,
                   (SELECT count(*)::int FROM team_members WHERE team_id = ${teamId}) AS members,
                   (SELECT count(*)::int FROM api_keys WHERE team_id = ${teamId}) AS keys`,
      )
    )[0]!;
  const deleteTeam = (by: Partner) => asPartner(by, "DELETE", "/api/portal/team");

  it("is refused while the team owns a collection, or would leave a member with no team; then an owner deletes it and its members work in their own teams", async () => {
    await createApiKey(owner.userId, "owner's", { teamId: owner.teamId });
    const portalKey = (await createApiKey(owner.userId, "portal", { teamId: owner.teamId })).key;
    const id = (await createOk(portalKey, { nftData: validCollection({ Title: "Team otters" }) })).nftData.PlatformNFTId;
    const before = await teamRows(owner.teamId);

    // The team's first owner, a newcomer with no other team, joins it as a second owner.
    const stranded = await signUp();
    expect(await addTeamMember(owner.teamId, stranded.userId, "owner")).toBe(true);
    await (await getDb()).execute(sql`DELETE FROM team_members WHERE user_id = ${stranded.userId} AND team_id <> ${owner.teamId}`);

    expect(await answer(await deleteTeam(owner))).toMatchObject({ status: 409, body: { error: STILL_OWNS(1) } });
    expect((await asPartner(owner, "DELETE", `/api/portal/collections/${id}`)).status).toBe(200);
    // The owner's own first team is theirs alone: deleting the team they work in now would leave the newcomer with none.
    expect(await answer(await deleteTeam(owner))).toMatchObject({ status: 400, body: { error: ONLY_TEAM(2) } });
    expect(await teamRows(owner.teamId)).toEqual({ ...before, members: before.members + 1 });
    expect((await remove(owner, stranded)).status).toBe(200);

    // An admin may not; the owner, working in a second team of theirs, may.
    expect((await deleteTeam(member("admin"))).status).toBe(403);
    expect(await answer(await deleteTeam(owner))).toMatchObject({ status: 400, body: { error: ONLY_TEAM(1) } });
    const second = await signUp();
    expect(await addTeamMember(second.teamId, owner.userId, "editor")).toBe(true);
    expect(await answer(await deleteTeam(owner))).toEqual({ status: 200, body: { deleted: owner.teamId } });
    expect(await teamRows(owner.teamId)).toEqual({ teams: 0, members: 0, keys: 0 });

    // Every session that worked in it falls back to a team of its member's own, at its next request.
    const view = async (who: Partner) =>
      ((await (await asPartner(who, "GET", "/api/portal/team")).json()) as { team: { id: string } }).team.id;
    expect(await view(owner)).toBe(second.teamId);
    for (const role of ["viewer", "editor", "admin"] as const) expect(await view(member(role))).toBe(member(role).teamId);
  });
});
