/** Roles, weakest first: each holds every power of the ones before it. */
export const TEAM_ROLES = ["viewer", "editor", "admin", "owner"] as const;

/** A member's role in a team. */
export type Role = (typeof TEAM_ROLES)[number];

/** Whether `role` holds the powers of `needed`: owner > admin > editor > viewer. */
export const holds = (role: Role, needed: Role) => TEAM_ROLES.indexOf(role) >= TEAM_ROLES.indexOf(needed);

/** The roles the contract's `Managers` lists: the members who may edit the team's collections. */
export const EDITING_ROLES: readonly Role[] = TEAM_ROLES.filter((role) => holds(role, "editor"));

/** What an API key may do: a `read` key acts as a viewer, a `write` key as an editor (never on members, keys or webhooks). */
export type KeyScope = "read" | "write";
export const roleOfKey = (scope: KeyScope): Role => (scope === "read" ? "viewer" : "editor");

/**
 * The role a key acts with: its scope's, but never more than its minter holds in the team now, so
 * a demoted member's keys act at the new role (a viewer's write key writes nothing).
 */
export const roleOfKeyFor = (scope: KeyScope, minterRole: Role): Role =>
  holds(minterRole, roleOfKey(scope)) ? roleOfKey(scope) : minterRole;

export const roleRefusal = (needed: Role) =>
  needed === "viewer" ? "You are not a member of this team" : `This needs the ${needed} role in the team (or a stronger one)`;

/**
 * Why a member holding `actor` may not change or remove a member holding `target`, or null when
 * they may: the server's rule, said before the click (an admin never touches an owner).
 */
export function memberChangeRefusal(actor: Role, target: Role): string | null {
  if (!holds(actor, "admin")) return "Only owners and admins change members";
  if (target === "owner" && actor !== "owner") return "Only an owner can change or remove an owner";
  return null;
}

/** The roles `actor` may give: an admin never makes an owner. */
export const grantableRoles = (actor: Role): Role[] => TEAM_ROLES.filter((role) => role !== "owner" || actor === "owner");

/** "an admin", "an owner", "a viewer": the role with its article. */
export const aRole = (role: Role) => `${role === "viewer" ? "a" : "an"} ${role}`;

/** Why the caller may not leave the team, shown beside Leave before it is pressed; null when they may. */
export function leaveRefusal(role: Role, owners: number): string | null {
  return role === "owner" && owners <= 1 ? "You are the team's last owner: make another member an owner before you leave." : null;
}
