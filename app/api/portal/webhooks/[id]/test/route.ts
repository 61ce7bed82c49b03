import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";
import { sendTestEvent } from "@/lib/webhooks/server/test-event";

const unknownEndpoint = ({ id }: { id?: string }) => `webhook endpoint "${id}" not found`;

/** Sends a signed test event to the endpoint now and answers with how it answered. */
export const POST = defineRoute(
  { auth: "session", role: "admin", budget: "write", params: { schema: idPathSchema, unknown: unknownEndpoint }, idempotent: true },
  async ({ account, params }) => {
    const result = await sendTestEvent(account.teamId, params.id);
    if (!result) throw notFound(unknownEndpoint(params));
    return { result };
  },
);
