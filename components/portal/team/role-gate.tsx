import type { ReactNode } from "react";
import { aRole, holds, type Role } from "@/lib/schemas/team-roles";

/**
 * What a page's controls need of the member's role. A weaker member still sees everything, read
 * only: every control under the gate is disabled (a disabled fieldset), with the reason above it,
 * rather than hidden.
 */
export function RoleGate({ role, needs, what, children }: { role: Role | undefined; needs: Role; what: string; children: ReactNode }) {
  if (role && holds(role, needs)) return <>{children}</>;
  const id = `role-gate-${needs}`;
  return (
    <>
      <p
        id={id}
        className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        Read only: {what} needs the {needs} role, and you are {role ? aRole(role) : "not a member"} in this team. Ask an owner or an admin
        of the team if you need it.
      </p>
      <fieldset disabled aria-describedby={id} className="contents">
        {children}
      </fieldset>
    </>
  );
}
