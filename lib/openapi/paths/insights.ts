import { z } from "zod";
import { insightsQueryFields, insightsResponseSchema, MAX_INSIGHT_DAYS, zeroCounts, type CollectionInsights } from "@/lib/schemas/insights";
import { badKey, error, idParam, json, rateLimitHeaders, serverErrors, tooManyRequests } from "../shared";
import type { ZodOpenApiPathsObject } from "zod-openapi";

const insightsExample = {
  PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK",
  From: "2026-11-01",
  To: "2026-11-02",
  Totals: { Views: 57, SearchAppearances: 410, WalletAppearances: 12, Claims: 4, Redemptions: 2, OutboundClicks: 9 },
  Days: [
    { Day: "2026-11-01", ...zeroCounts() },
    { Day: "2026-11-02", Views: 57, SearchAppearances: 410, WalletAppearances: 12, Claims: 4, Redemptions: 2, OutboundClicks: 9 },
  ],
  Perks: [
    {
      PlatformPerkId: "p7Yd2mQx",
      ShortDescription: "Free hoodie",
      Views: 20,
      SearchAppearances: 150,
      WalletAppearances: 12,
      Claims: 4,
      Redemptions: 2,
      OutboundClicks: 0,
    },
  ],
} satisfies CollectionInsights;

/** Partner insights: what happened to a collection and its perks, per day. */
export const insightsPaths = {
  "/api-gateway/collections/{PlatformNFTId}/insights": {
    get: {
      operationId: "getCollectionInsights",
      summary: "Read a collection's daily insights",
      description: `Per day (UTC), from \`from\` to \`to\` (both included, at most ${MAX_INSIGHT_DAYS} days; default the last 30 days): public page views (counted by a beacon from the page, so views a cache answers count too; known bots not counted), appearances in search answers (API and pages) and as eligible on wallet lookups, claims, redemptions, and clicks on the collection's own links. Counts are kept in each server's memory and added to the store every few seconds: the current day grows during the day, and a server that crashes loses at most its last few seconds of counts. No cookie, address or user agent is stored. For any key of the collection's team (read keys too); anyone else gets the same 403 or 404 as reading its history.`,
      requestParams: { path: z.object({ PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK") }), query: insightsQueryFields },
      responses: {
        "200": {
          description: "The range's daily series.",
          headers: rateLimitHeaders,
          content: json(insightsResponseSchema, insightsExample),
        },
        "400": error(
          400,
          `A date is not YYYY-MM-DD, \`to\` is before \`from\`, the range covers more than ${MAX_INSIGHT_DAYS} days, or another query parameter is sent.`,
          `from: the range may cover at most ${MAX_INSIGHT_DAYS} days`,
        ),
        "401": badKey,
        "403": error(
          403,
          "The key's team does not own that collection.",
          'PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
        ),
        "404": error(404, "No collection has that id.", 'PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found'),
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
