import "server-only";
import { env } from "@/lib/env";
import { isBotAgent } from "@/lib/insights/bots";
import { countInsight } from "@/lib/insights/counter";
import { outboundTarget } from "@/lib/insights/outbound";
import { readCollectionInsights } from "@/lib/insights/store";
import { defineRoute, queryOf } from "@/lib/http/server/route";
import { readBodyBytes } from "@/lib/http/server/read-json";
import { consumeRule } from "@/lib/rate-limit/limiter";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { BEACON_MAX_BYTES, beaconBodySchema, insightsQueryFields, insightsQuerySchema, outboundQuerySchema } from "@/lib/schemas/insights";
import { idPathSchema } from "@/lib/schemas/path-id";

const unknownCollection = ({ id }: Record<string, string>) => `PlatformNFTId: collection ${JSON.stringify(id)} not found`;

/** A collection's daily counts over `from`..`to`, for its team's members (a read key or any role). */
export const insightsRoute = (auth: "key" | "session") =>
  defineRoute(
    {
      auth,
      budget: "read",
      params: { schema: idPathSchema, unknown: unknownCollection },
      query: { names: Object.keys(insightsQueryFields.shape), parse: (params) => insightsQuerySchema.parse(Object.fromEntries(params)) },
    },
    ({ account, params, query }) => readCollectionInsights(account.teamId, params.id, query),
  );

/** Beacons an address may send a minute; past it they are dropped, still answered 204. */
export const BEACONS_PER_MINUTE = 120;
const NOTHING = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

async function beaconIds(request: Request): Promise<{ PlatformNFTId: string } | { PlatformPerkId: string } | null> {
  try {
    const bytes = await readBodyBytes(request, BEACON_MAX_BYTES);
    const parsed = beaconBodySchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/insights/beacon: a public page's view, `{"PlatformNFTId"}` or `{"PlatformPerkId"}`,
 * sent by the page itself so that views a cache answers count too. It answers 204 whatever it
 * was sent: a bot, a junk or oversized body, an id that does not exist (dropped when flushed) or
 * an address past its own budget is dropped as cheaply as it is counted. Not the pipeline's public
 * gate: that spends the visitor's read budget and answers a flood with 429 (docs/decisions/084).
 * With INSIGHTS=0 it answers 204 before reading anything (docs/decisions/089).
 */
export async function beaconRoute(request: Request): Promise<Response> {
  if (!env().INSIGHTS) return NOTHING();
  if (isBotAgent(request.headers.get("user-agent"))) return NOTHING();
  const ids = await beaconIds(request);
  if (!ids) return NOTHING();
  const budget = await consumeRule("insights-beacon", BEACONS_PER_MINUTE, 60, clientIp(request)).catch(() => null);
  if (!budget?.allowed) return NOTHING();
  if ("PlatformNFTId" in ids) countInsight("views", { collectionId: ids.PlatformNFTId });
  else countInsight("views", { perkId: ids.PlatformPerkId });
  return NOTHING();
}

/**
 * GET /api/insights/out/{id}?to=<url>: counts a click on one of the collection's own links and
 * sends the visitor there; any other target is a 400 (no open redirect). Never cached, so each click counts.
 */
export const outboundRoute = defineRoute(
  {
    auth: "public",
    budget: "read",
    params: { schema: idPathSchema, unknown: unknownCollection },
    query: queryOf(outboundQuerySchema),
  },
  async ({ request, params, query }) => {
    const target = await outboundTarget(params.id, query.to);
    if (!isBotAgent(request.headers.get("user-agent"))) countInsight("clicks", { collectionId: params.id });
    return new Response(null, { status: 302, headers: { Location: target, "Cache-Control": "private, no-store" } });
  },
);
