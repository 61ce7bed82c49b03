import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiKeyRequest, ApiKeyRow } from "@/lib/schemas/account";
import { sendWrite } from "./once-only-write";
import { patchCache } from "./patch-cache";
import { portalKeys } from "./queries";

/*
 * The API keys page's writes, sent once-only like the editors' (see use-collection-mutations.ts).
 * Unlike those, each waits for the list's refetch, so the table is current when the form settles.
 */

type KeyList = { keys: ApiKeyRow[] };

/**
 * Mints a key; the answer holds the only copy of its plaintext the partner will ever see. A
 * replayed mint (the same request sent again) answers `key: null`: the key exists, but its
 * plaintext was only in the first answer.
 */
export function useMintKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ApiKeyRequest) =>
      sendWrite<{ key: string | null; summary: ApiKeyRow }>("mint-key", "/api/portal/keys", { method: "POST", json: request }),
    onSuccess: ({ summary }) =>
      patchCache<KeyList>(queryClient, portalKeys.keys(), (old) => ({
        keys: [summary, ...old.keys.filter((row) => row.id !== summary.id)],
      })),
  });
}

/**
 * Revokes a key. Never optimistic: the row says Revoked only once the server has confirmed, since
 * a partner who sees "Revoked" will trust that the key no longer works.
 */
export function useRevokeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKeyRow) =>
      sendWrite<{ revoked: string }>(`revoke-key:${key.id}`, `/api/portal/keys/${encodeURIComponent(key.id)}`, { method: "DELETE" }),
    onSuccess: ({ revoked }) => {
      const revokedAt = new Date().toISOString();
      return patchCache<KeyList>(queryClient, portalKeys.keys(), (old) => ({
        keys: old.keys.map((row) => (row.id === revoked && !row.revokedAt ? { ...row, revokedAt } : row)),
      }));
    },
  });
}
