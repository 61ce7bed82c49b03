import "server-only";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/auth/api-keys";
import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { apiKeyRequestSchema } from "@/lib/schemas/account";
import { idPathSchema } from "@/lib/schemas/path-id";

/** The portal's API keys: listed to any member, minted and revoked by admins. */

export const listKeysRoute = (auth: "session") =>
  defineRoute({ auth, budget: "read" }, async ({ account }) => ({ keys: await listApiKeys(account.teamId) }));

/**
 * Mints a key; the answer is the only place its plaintext ever appears. Under an Idempotency-Key
 * only the key's summary is remembered, never the plaintext: a replay answers `key: null`, so the
 * secret is not kept in the database for the replay window.
 */
export const mintKeyRoute = (auth: "session") =>
  defineRoute(
    {
      auth,
      role: "admin",
      budget: "write",
      body: { schema: apiKeyRequestSchema, maxBytes: 4 * 1024 },
      idempotent: { secret: "key" },
    },
    async ({ account, body }) => {
      const { key, summary } = await createApiKey(account.userId, body.label, { teamId: account.teamId, scope: body.scope });
      return { key, summary };
    },
  );

const unknownKey = ({ id }: { id?: string }) => `key "${id}" not found`;

export const revokeKeyRoute = (auth: "session") =>
  defineRoute(
    { auth, role: "admin", budget: "write", params: { schema: idPathSchema, unknown: unknownKey }, idempotent: true },
    async ({ account, params }) => {
      if (!(await revokeApiKey(account.teamId, params.id))) throw notFound(unknownKey(params));
      return { revoked: params.id };
    },
  );
