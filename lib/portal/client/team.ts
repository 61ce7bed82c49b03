import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson, retryUnlessClientError } from "@/lib/http/client/fetch-json";
import type { InvitationRequest, TeamNameRequest, TeamViewJson } from "@/lib/schemas/team";
import type { Role } from "@/lib/schemas/team-roles";
import { sendWrite } from "./once-only-write";
import { portalKeys } from "./queries";

/** The current team, its members and open invitations: the Members page's one read. */
export const teamOptions = () =>
  queryOptions({
    queryKey: portalKeys.team(),
    queryFn: ({ signal }) => fetchJson<TeamViewJson>("/api/portal/team", { signal }),
    retry: retryUnlessClientError,
  });

const path = (id: string) => encodeURIComponent(id);

/**
 * The Members page's writes. None is optimistic: a role or a removal shows once the server has
 * confirmed it, since the person acted on gains or loses access by it. Each refetches the team.
 */
function useTeamWrite<A>(scope: (argument: A) => string, request: (argument: A) => { url: string; method: string; json?: unknown }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (argument: A) => {
      const { url, ...init } = request(argument);
      return sendWrite<unknown>(scope(argument), url, init);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.team() }),
  });
}

export const useInvite = () =>
  useTeamWrite(
    () => "invite",
    (json: InvitationRequest) => ({ url: "/api/portal/team/invitations", method: "POST", json }),
  );
export const useResendInvitation = () =>
  useTeamWrite(
    (id: string) => `resend-invitation:${id}`,
    (id: string) => ({ url: `/api/portal/team/invitations/${path(id)}/resend`, method: "POST" }),
  );
export const useRevokeInvitation = () =>
  useTeamWrite(
    (id: string) => `revoke-invitation:${id}`,
    (id: string) => ({ url: `/api/portal/team/invitations/${path(id)}`, method: "DELETE" }),
  );
export const useChangeRole = () =>
  useTeamWrite(
    ({ userId }: { userId: string; role: Role }) => `change-role:${userId}`,
    ({ userId, role }: { userId: string; role: Role }) => ({
      url: `/api/portal/team/members/${path(userId)}`,
      method: "POST",
      json: { role },
    }),
  );
export const useRemoveMember = () =>
  useTeamWrite(
    (userId: string) => `remove-member:${userId}`,
    (userId: string) => ({ url: `/api/portal/team/members/${path(userId)}`, method: "DELETE" }),
  );
export const useRenameTeam = () =>
  useTeamWrite(
    () => "rename-team",
    (json: TeamNameRequest) => ({ url: "/api/portal/team", method: "PATCH", json }),
  );
