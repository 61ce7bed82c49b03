import { createApiKey, listApiKeys } from "@/lib/auth/api-keys";
import { defineRoute } from "@/lib/http/server/route";
import { apiKeyRequestSchema } from "@/lib/schemas/account";

export const GET = defineRoute({ auth: "session", budget: "read" }, async ({ account }) => ({ keys: await listApiKeys(account.teamId) }));

/**
 * Mints a key; the answer is the only place its plaintext ever appears. Under an Idempotency-Key
 * only the key's summary is remembered, never the plaintext: a replay answers `key: null`, so the
 * secret is not kept in the database for the replay window.
 */
export const POST = defineRoute(
  {
    auth: "session",
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
