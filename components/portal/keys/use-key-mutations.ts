"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import { portalKeys, type ApiKeyRow } from "@/lib/portal/queries";
import type { ApiKeyRequest } from "@/lib/schemas/account";

type KeyList = { keys: ApiKeyRow[] };

/** Mints a key; the answer holds the only copy of its plaintext the partner will ever see. */
export function useMintKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ApiKeyRequest) => fetchJson<{ key: string; summary: ApiKeyRow }>("/api/portal/keys", { method: "POST", json: request }),
    onSuccess: ({ summary }) => {
      queryClient.setQueryData<KeyList>(portalKeys.keys(), (old) => (old ? { keys: [summary, ...old.keys.filter((row) => row.id !== summary.id)] } : old));
      return queryClient.invalidateQueries({ queryKey: portalKeys.keys() });
    },
  });
}

/** Revokes a key, showing it revoked at once and putting it back if the server refuses. */
export function useRevokeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKeyRow) => fetchJson<{ revoked: string }>(`/api/portal/keys/${encodeURIComponent(key.id)}`, { method: "DELETE" }),
    onMutate: async (key) => {
      await queryClient.cancelQueries({ queryKey: portalKeys.keys() });
      const before = queryClient.getQueryData<KeyList>(portalKeys.keys());
      const revokedAt = new Date().toISOString();
      queryClient.setQueryData<KeyList>(portalKeys.keys(), (old) =>
        old ? { keys: old.keys.map((row) => (row.id === key.id ? { ...row, revokedAt } : row)) } : old,
      );
      return { before };
    },
    onError: (_error, _key, context) => {
      if (context?.before) queryClient.setQueryData(portalKeys.keys(), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKeys.keys() }),
  });
}
