import { aRole } from "@/lib/schemas/team-roles";
import type { Role } from "@/lib/schemas/team-roles";

/**
 * What the invitation a signed-out person followed is for: the role and the address, not the
 * team's name (as in the mail: a team's name is words anyone who makes a team chooses).
 */
export function InvitationNote({ email, role, signUp }: { email: string; role: Role; signUp: boolean }) {
  return (
    <section
      aria-label="Team invitation"
      className="mb-4 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100"
    >
      <p>
        A team invited <strong className="[overflow-wrap:anywhere]">{email}</strong> to join it as {aRole(role)}.
      </p>
      <p className="mt-1">
        {signUp
          ? "Create an account with this address; once it is confirmed and you are signed in, you see the team and can join."
          : "Sign in with this address to see the team and join. New to the portal? Create an account with it below."}
      </p>
    </section>
  );
}
