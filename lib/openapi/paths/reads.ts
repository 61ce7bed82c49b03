import { z } from "zod";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { DEFAULT_RADIUS_KM, perkSearchFieldsSchema, perkSearchResponseSchema } from "@/lib/schemas/perk-search-params";
import { FACET_VALUE_LIMIT, searchParamsSchema, searchResponseSchema } from "@/lib/schemas/search-params";
import { walletAddressSchema, walletPerksResponseSchema } from "@/lib/schemas/wallet-perks";
import { perkSearchExample, walletPerksExample, searchExample } from "../examples";
import { rateLimitHeaders, json, error, tooManyRequests, badKey, serverErrors } from "../shared";
import type { ZodOpenApiPathsObject } from "zod-openapi";

/** Searches: collections, perks, and the perks a wallet unlocks. */
export const readsPaths = {
  "/api-gateway/search": {
    get: {
      operationId: "search",
      summary: "Search collections by text, perk category, chain and status",
      description: `\`query\` matches title, description, creator and perk text; every word must match, as a prefix. Title matches come first. A \`query\` that is a contract address (\`0x\` and 40 hex digits, any case) puts the collections with that \`ContractAddress\` first. \`category\` is one of: ${CATEGORIES.join(", ")}. \`chain\`, \`releaseStatus\` and \`perkStatus\` narrow the matches further; all filters combine. Without \`query\`, the most recently modified come first; \`sort\` chooses another order. 20 a page (\`pageSize\` 1 to 100); a page past the last answers \`Docs: []\`. Only the first 10,000 matches are served: \`NumPages\` = ceil(min(matches, 10000) / pageSize). \`facets=category,chain\` adds \`Facets\`, counted over every match, not the page; the chain facet lists the ${FACET_VALUE_LIMIT} chains with the most matches and sums the others in \`FacetsOther.chain\`. Freshness: a search answer may lag a committed write by up to 1 second (retrieval by id is always exact).`,
      requestParams: { query: searchParamsSchema },
      responses: {
        "200": { description: "One page of results.", headers: rateLimitHeaders, content: json(searchResponseSchema, searchExample) },
        "400": error(
          400,
          "`pageNum` is not a positive integer, `pageSize` is not 1 to 100, `category`, `releaseStatus`, `perkStatus`, `sort` or a facet is unknown, no stored collection is on `chain`, `query` is too long, or another query parameter is sent. Of a repeated parameter, the first value counts.",
          'facets: unknown facet "price"; allowed: category, chain',
        ),
        "401": badKey,
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
  "/api-gateway/perks": {
    get: {
      operationId: "findPerks",
      summary: "Find perks by place, date, status and text",
      description: `Perks (not collections) matching every filter given, each with its collection's title and image. \`near=<lat>,<long>\` keeps perks within \`radiusKm\` (default ${DEFAULT_RADIUS_KM}) by great-circle distance on a sphere of radius 6371.0088 km, across the antimeridian and the poles, and adds \`DistanceKm\` to each; perks without a place are left out. \`from\`/\`to\` are whole UTC days, inclusive. A perk whose \`Date\` is over reads and filters as \`Status: "Past"\` without any edit (a date without a time is over when its UTC day has ended). \`query\` matches the perk's descriptions and its collection's title, every word as a prefix. \`category\` is one of: ${CATEGORIES.join(", ")}. 20 a page, within the first 10,000 matches, as search. Repeated parameters: the first value counts.`,
      requestParams: { query: perkSearchFieldsSchema },
      responses: {
        "200": {
          description: "One page of perks.",
          headers: rateLimitHeaders,
          content: json(perkSearchResponseSchema, perkSearchExample),
        },
        "400": error(
          400,
          "A parameter is malformed or out of range (naming it), `to` is before `from`, `radiusKm` or `sort=distance` comes without `near`, `sort=relevance` without `query`, or another query parameter is sent.",
          'near: expected "<lat>,<long>" with latitude -90..90 and longitude -180..180',
        ),
        "401": badKey,
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
  "/api-gateway/wallets/{address}/perks": {
    get: {
      operationId: "findWalletPerks",
      summary: "Find the perks a wallet is eligible for",
      description: `The perks of every synced collection that the wallet holds enough tokens for: at least the perk's \`TokensRequired\` tokens of its collection's contract on its chain (ERC-1155: summed over token ids), where an absent \`TokensRequired\` means 1 and 0 means anyone. A collection counts while its contract is synced (\`BlockchainSyncStatus\` Synced with nothing wrong). Answered from the service's holdings index, never from the chain: each perk's \`Eligibility\` gives the figures (holds 1 of 2) and the \`Block\` they are true at. \`Close\` lists the perks of collections the wallet holds fewer tokens of than they require, fewest missing first. The filters, order and paging are those of \`GET /api-gateway/perks\` (20 a page, within the first 10,000). Freshness: an answer may lag the index by up to 1 second, and the index the chain by the chain's confirmation depth.`,
      requestParams: { path: z.object({ address: walletAddressSchema }), query: perkSearchFieldsSchema },
      responses: {
        "200": {
          description: "One page of the perks the wallet is eligible for, and the perks it is close to.",
          headers: rateLimitHeaders,
          content: json(walletPerksResponseSchema, walletPerksExample),
        },
        "400": error(
          400,
          "`address` is not an EVM address or fails its EIP-55 checksum, a filter is malformed or out of range (naming it), as for `GET /api-gateway/perks`, or another query parameter is sent.",
          "address: must be an EVM address (0x and 40 hex digits)",
        ),
        "401": badKey,
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
