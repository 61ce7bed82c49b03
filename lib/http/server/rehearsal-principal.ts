import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { processSlot } from "@/lib/process-slot";

/** The header the start-up rehearsal's requests carry its token in (lib/startup/rehearsal.ts). */
export const REHEARSAL_HEADER = "x-uds-rehearsal";
/** What the request log and the metrics name the rehearsal's requests by, in place of an account. */
export const REHEARSAL_ACCOUNT = "start-up rehearsal";
export const REHEARSAL_PREVIEWS_ONLY = "The start-up rehearsal only previews writes (?dryRun=1)";

/** Who the rehearsal acts as: a member of a team; the key gate admits it as an editor there. */
export type RehearsalPrincipal = { userId: string; teamId: string };
type Principal = { token: Buffer; who: RehearsalPrincipal };

// Per process: the production server's bundles each load this module, and must see one token.
const principalSlot = processSlot<Principal>("rehearsal.principal");

/**
 * Makes the rehearsal's principal: an editor of `teamId`, acting as `userId`, one of its members.
 * Its token is random, lives only in this process's memory (never logged, stored or sent
 * anywhere but to this process's own port) and works until `endRehearsal`.
 */
export function beginRehearsal(teamId: string, userId: string): string {
  const token = randomBytes(32);
  principalSlot.value = { token, who: { userId, teamId } };
  return token.toString("base64url");
}

export function endRehearsal(): void {
  principalSlot.value = undefined;
}

/**
 * Who the rehearsal acts as when `request` carries the token of the rehearsal under way (compared
 * in constant time), else null: the key gate then looks at the API key as always.
 */
export function rehearsalPrincipal(request: Request): RehearsalPrincipal | null {
  const principal = principalSlot.value;
  const sent = request.headers.get(REHEARSAL_HEADER);
  if (!principal || !sent) return null;
  const presented = Buffer.from(sent, "base64url");
  if (presented.length !== principal.token.length || !timingSafeEqual(presented, principal.token)) return null;
  return { ...principal.who };
}
