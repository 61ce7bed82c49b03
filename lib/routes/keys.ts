import "server-only";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/auth/api-keys";
import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { apiKeyRequestSchema } from "@/lib/schemas/account";
import { idPathSchema } from "@/lib/schemas/path-id";
import { adminSecretWrite, adminWrite } from "./route-declarations";

/** The portal's API keys: listed to any member, minted and revoked by admins. */

export const listKeysRoute = (auth: "session") =>
  defineRoute({ auth, budget: "read" }, async ({ account }) => ({ keys: await listApiKeys(account.teamId) }));

/** Mints a key; only its summary is remembered for a replay, never the plaintext. */
export const mintKeyRoute = (auth: "session") =>
  defineRoute(
    { auth, ...adminSecretWrite("key"), body: { schema: apiKeyRequestSchema, maxBytes: 4 * 1024 } },
    async ({ account, body }) => {
      const { key, summary } = await createApiKey(account.userId, body.label, { teamId: account.teamId, scope: body.scope });
      return { key, summary };
    },
  );

const unknownKey = ({ id }: { id?: string }) => `key "${id}" not found`;

export const revokeKeyRoute = (auth: "session") =>
  defineRoute({ auth, ...adminWrite, params: { schema: idPathSchema, unknown: unknownKey } }, async ({ account, params }) => {
    if (!(await revokeApiKey(account.teamId, params.id))) throw notFound(unknownKey(params));
    return { revoked: params.id };
  });
