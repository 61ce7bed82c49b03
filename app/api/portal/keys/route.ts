import { createApiKey, listApiKeys } from "@/lib/auth/api-keys";
import { portalRoute } from "@/lib/http/portal-route";
import { readJsonBody } from "@/lib/http/read-json";
import { apiKeyRequestSchema } from "@/lib/schemas/account";

const SMALL_BODY = 4 * 1024;

export const GET = portalRoute("read", async ({ user }) => ({ keys: await listApiKeys(user.id) }));

/** Mints a key; the answer is the only place its plaintext ever appears. */
export const POST = portalRoute("create", async ({ user, request }) => {
  const { label } = apiKeyRequestSchema.parse(await readJsonBody(request, SMALL_BODY));
  return createApiKey(user.id, label);
});
