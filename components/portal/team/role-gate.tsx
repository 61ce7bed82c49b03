import Link from "next/link";
import type { ReactNode } from "react";
import { aRole, holds, type Role } from "@/lib/schemas/team-roles";

const noteId = (needs: Role) => `role-gate-${needs}`;
const allowed = (role: Role | undefined, needs: Role) => role !== undefined && holds(role, needs);

/**
 * What a page's controls need of the member's role. A weaker member still sees everything, read
 * only: every control under the gate is disabled (a disabled fieldset), with the reason above it,
 * rather than hidden.
 */
export function RoleGate({ role, needs, what, children }: { role: Role | undefined; needs: Role; what: string; children: ReactNode }) {
  if (allowed(role, needs)) return <>{children}</>;
  return (
    <>
      <p
        id={noteId(needs)}
        className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        Read only: {what} needs the {needs} role, and you are {role ? aRole(role) : "not a member"} in this team. Ask an owner or an admin
        of the team if you need it.
      </p>
      <fieldset disabled aria-describedby={noteId(needs)} className="contents">
        {children}
      </fieldset>
    </>
  );
}

/**
 * A link into a page of writes (a new collection), for a page whose gate shows the reason: a
 * disabled fieldset leaves links working, so a weaker member gets a disabled button of the same
 * look, described by the gate's note.
 */
export function RoleGateLink({
  role,
  needs,
  href,
  className,
  children,
}: {
  role: Role | undefined;
  needs: Role;
  href: string;
  className: string;
  children: ReactNode;
}) {
  if (allowed(role, needs)) {
    return (
      <Link href={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <button
      type="button"
      disabled
      aria-describedby={noteId(needs)}
      className={`${className} disabled:cursor-not-allowed disabled:opacity-60`}
    >
      {children}
    </button>
  );
}
