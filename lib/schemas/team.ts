import { z } from "zod";
import { emailSchema } from "./account";
import { LIMITS } from "./limits";
import { TEAM_ROLES } from "./team-roles";

const roleSchema = z.enum(TEAM_ROLES, { error: 'expected "viewer", "editor", "admin" or "owner"' });

/** Inviting an address to the current team, as the Members page's form and the route read it. */
export const invitationRequestSchema = z.strictObject({ email: emailSchema, role: roleSchema });
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;

/** Accepting an invitation: the token from the link. */
export const acceptInvitationSchema = z.strictObject({
  token: z.string({ error: "expected the invitation's token" }).min(1, { error: "expected the invitation's token" }).max(LIMITS.id),
});

/** A member's new role. */
export const roleChangeSchema = z.strictObject({ role: roleSchema });

/** Handing the team's ownership to another member. */
export const transferSchema = z.strictObject({ userId: z.string({ error: "expected a member's id" }).min(1).max(LIMITS.id) });

/** A team's new name, as the Members page's form and the route read it: the bounds of a sign-up's name. */
export const teamNameSchema = z.strictObject({
  name: z
    .string({ error: "Enter the team's name" })
    .trim()
    .min(1, { error: "Enter the team's name" })
    .max(LIMITS.name, { error: `Use at most ${LIMITS.name} characters` }),
});
export type TeamNameRequest = z.infer<typeof teamNameSchema>;

/** Choosing the team a session works in. */
export const chooseTeamSchema = z.strictObject({ teamId: z.string({ error: "expected a team's id" }).min(1).max(LIMITS.id) });

/** A time as JSON carries it (an ISO 8601 string) and as the server holds it (a Date). */
const isoTime = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  joinedAt: isoTime,
  /** The live API keys the member minted: they are revoked when the member leaves or is removed. */
  keys: z.array(z.object({ label: z.string(), prefix: z.string() })),
});
export const invitationSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  /** The email of the member who sent it, or null once their account is gone. */
  invitedBy: z.string().nullable(),
  sentAt: isoTime,
  expiresAt: isoTime,
});

/** The current team as the Members page reads it: the caller's role decides which controls are live. */
export const teamViewSchema = z.object({
  team: z.object({ id: z.string(), name: z.string() }),
  you: z.object({ userId: z.string(), role: roleSchema }),
  members: z.array(memberSchema),
  invitations: z.array(invitationSummarySchema),
});
export type TeamView = z.output<typeof teamViewSchema>;
/** As the browser receives it. */
export type TeamViewJson = z.input<typeof teamViewSchema>;
export type Member = z.output<typeof memberSchema>;
export type InvitationSummary = z.output<typeof invitationSummarySchema>;

/** The teams an account belongs to, for the header's switcher. */
export const myTeamsSchema = z.object({
  current: z.string(),
  teams: z.array(z.object({ id: z.string(), name: z.string(), role: roleSchema })),
});
export type MyTeams = z.infer<typeof myTeamsSchema>;
