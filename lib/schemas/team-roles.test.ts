import { describe, expect, it } from "vitest";
import { aRole, grantableRoles, leaveRefusal, memberChangeRefusal, TEAM_ROLES } from "./team-roles";

describe("what the Members page allows before the click", () => {
  it("lets owners touch anyone and admins anyone but owners; editors and viewers no one", () => {
    const table = Object.fromEntries(
      TEAM_ROLES.map((actor) => [actor, TEAM_ROLES.filter((target) => memberChangeRefusal(actor, target) === null)]),
    );
    expect(table).toEqual({ viewer: [], editor: [], admin: ["viewer", "editor", "admin"], owner: ["viewer", "editor", "admin", "owner"] });
  });

  it("offers the owner role to owners only", () => {
    expect(grantableRoles("admin")).toEqual(["viewer", "editor", "admin"]);
    expect(grantableRoles("owner")).toEqual([...TEAM_ROLES]);
  });

  it("names a role with its article", () => {
    expect(TEAM_ROLES.map(aRole)).toEqual(["a viewer", "an editor", "an admin", "an owner"]);
  });

  it("says before Leave is pressed that the last owner cannot leave", () => {
    expect(leaveRefusal("owner", 1)).toMatch(/last owner/);
    expect(leaveRefusal("owner", 2)).toBeNull();
    expect(leaveRefusal("editor", 1)).toBeNull();
  });
});
