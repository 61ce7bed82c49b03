import { z } from "zod";
import { createDocument, type ZodOpenApiResponseObject } from "zod-openapi";
import { apiErrorSchema } from "@/lib/schemas/api-error";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { collectionRecordSchema, createRequestSchema, createResponseSchema } from "@/lib/schemas/create-request";
import { deleteCollectionQuerySchema, deleteCollectionResponseSchema } from "@/lib/schemas/delete-collection";
import { deletePerkQuerySchema, deletePerkResponseSchema } from "@/lib/schemas/delete-perk";
import {
  dryRunResponseSchema,
  historyEntrySchema,
  historyQuerySchema,
  historyResponseSchema,
  saveQuerySchema,
} from "@/lib/schemas/history";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_PATTERN } from "@/lib/idempotency/constants";
import { LIMITS } from "@/lib/schemas/limits";
import { DEFAULT_RADIUS_KM, perkSearchFieldsSchema, perkSearchResponseSchema } from "@/lib/schemas/perk-search-params";
import { FACET_VALUE_LIMIT, searchParamsSchema, searchResponseSchema } from "@/lib/schemas/search-params";
import { walletAddressSchema, walletPerksResponseSchema } from "@/lib/schemas/wallet-perks";
import {
  verificationNonceRequestSchema,
  verificationNonceResponseSchema,
  verificationRequestSchema,
  verificationResponseSchema,
} from "@/lib/schemas/verification";
import {
  addPerksExample,
  createExample,
  createResponseExample,
  editExample,
  perkSearchExample,
  walletPerksExample,
  dryRunExample,
  historyEntryExample,
  historyExample,
  recordExample,
  searchExample,
} from "./examples";

const errorSchema = apiErrorSchema.meta({ id: "Error", description: "Every error answer." });

const rateLimitHeaders = z.object({
  "RateLimit-Limit": z.string().meta({ description: "Requests allowed per minute in this route's budget.", example: "120" }),
  "RateLimit-Remaining": z.string().meta({ description: "Requests left in the current window.", example: "119" }),
  "RateLimit-Reset": z.string().meta({ description: "Seconds until the window resets.", example: "60" }),
});

const json = (schema: z.ZodType, example: unknown) => ({ "application/json": { schema, example } });

const error = (description: string, example: string): ZodOpenApiResponseObject => ({
  description,
  headers: rateLimitHeaders,
  content: json(errorSchema, { error: example }),
});

const tooManyRequests: ZodOpenApiResponseObject = {
  description: "The key's (or, without a valid key, the client address's) budget is used up.",
  headers: rateLimitHeaders.extend({
    "Retry-After": z.string().meta({ description: "Seconds to wait before retrying.", example: "42" }),
  }),
  content: json(errorSchema, { error: "Too Many Requests" }),
};

/** Answers any operation can give: a fault, or a database that cannot be reached. */
const serverErrors: Record<"500" | "503", ZodOpenApiResponseObject> = {
  "500": {
    description: "An unexpected fault; the details stay in the server log.",
    content: json(errorSchema, { error: "Internal Server Error" }),
  },
  "503": {
    description:
      "The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds.",
    headers: z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait before retrying.", example: "5" }) }),
    content: json(errorSchema, { error: "Service Unavailable" }),
  },
};

/** Ids the service assigns are 20 characters; a longer one can name nothing and is a 404. */
const idParam = (example: string) =>
  z
    .string()
    .max(LIMITS.id)
    .meta({ description: `At most ${LIMITS.id} characters; a longer id is unknown (404).`, example });

const badKey: ZodOpenApiResponseObject = {
  ...error(
    "The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key.",
    "Bad API Key",
  ),
  headers: rateLimitHeaders.extend({ "WWW-Authenticate": z.string().meta({ description: "How to authenticate.", example: "Bearer" }) }),
};

const idempotencyHeader = z.object({
  [IDEMPOTENCY_HEADER]: z.string().min(1).max(IDEMPOTENCY_KEY_MAX).regex(IDEMPOTENCY_KEY_PATTERN).optional().meta({
    description:
      "1 to 255 visible ASCII characters, unique per intended change (a UUID). Kept 24 hours per account; bound to the request's exact bytes.",
    example: "5b0c6f8e-3f7a-4d0e-9a51-8f1a0c2d7e44",
  }),
});

const DESCRIPTION = `Partners publish NFT collections and the perks their holders get; callers search them.

Every route under \`/api-gateway\` needs \`Authorization: Bearer <key>\` (a partner creates keys on the portal's API keys page, \`/portal/keys\`; an operator with \`npm run -s keys:create -- <email>\`).
Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; budgets are per key, per minute.
Every error is \`{"error": "<message>"}\`, and validation messages name the field path, e.g. \`perkData[2].Tags[0]: unknown category "Cooking"\`.
A database that cannot be reached answers 503 with \`Retry-After\`; anything unexpected is a 500 with no detail.
Unknown routes answer 404, a method a route does not take 405 with \`Allow\`, a path whose percent-encoding does not decode 400, a query parameter a route does not define 400 naming it, and a \`Content-Encoding\` other than identity 415, all as \`{"error"}\`.`;

function buildDocument() {
  return createDocument({
    openapi: "3.1.0",
    info: { title: "Utility Data Service API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/", description: "The host that serves this document." }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API key: `uds_` followed by 40 letters and digits." },
      },
    },
    paths: {
      "/api-gateway/create": {
        post: {
          operationId: "createOrEdit",
          summary: "Create or edit a collection and its perks",
          description: `No \`nftData.PlatformNFTId\`: a new collection, managed by the key's owner. With it: the collection is **replaced whole** (fields left out are removed); \`Version\`, when sent, must equal the stored one. \`perkData\` alone, each perk with an existing \`PlatformNFTId\`: the perks are added. A perk with both ids is replaced whole. One request is one transaction. Send an \`Idempotency-Key\` to retry safely: a retry with the same key and body within 24 hours replays the first answer (with \`Idempotent-Replayed: true\`) and stores nothing new. Body at most ${LIMITS.bodyBytes} bytes, at most ${LIMITS.perksPerRequest} perks a request; a collection holds at most ${LIMITS.perksPerCollection} perks and a record (as retrieval returns it) of at most ${LIMITS.recordBytes} bytes, beyond either a 400 stores nothing. A perk may carry the collection's \`Version\` as you read it: a precondition, as \`nftData.Version\` is. Server-managed fields (\`Managers\`, \`Perks\`, \`path\`, …) sent back as read are accepted and ignored, and left out of the echo. With \`?dryRun=1\` (or \`true\`) nothing is stored: every check runs as for a real write and fails with the same errors, and the answer is a \`DryRunResult\`: the echo the write would give (its ids are not reserved), and per collection the fields that would change and the fields holding a value that the edit would leave unassigned. No history entry, Version, search change or Idempotency-Key record results from it.`,
          requestParams: { header: idempotencyHeader, query: saveQuerySchema },
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: createRequestSchema,
                examples: {
                  create: { summary: "A new collection with one perk", value: createExample },
                  edit: { summary: "Edit a collection and one of its perks", value: editExample },
                  addPerks: { summary: "Add a perk to an existing collection", value: addPerksExample },
                },
              },
            },
          },
          responses: {
            "200": {
              description:
                "Stored: the echo of what was sent, with assigned ids and the new Version. With `?dryRun=1`: a `DryRunResult`, and nothing stored.",
              headers: rateLimitHeaders,
              content: {
                "application/json": {
                  schema: z.union([createResponseSchema, dryRunResponseSchema]),
                  examples: { stored: { value: createResponseExample }, dryRun: { value: dryRunExample } },
                },
              },
            },
            "400": error(
              "The body is not JSON (`Can't Unmarshal Body`); a field is missing, mistyped, out of range or unknown, or holds a lone UTF-16 surrogate; the collection would pass 250 perks or 1 MiB; `dryRun` is not 1, true, 0 or false; or a query parameter is unknown.",
              "nftData.Website: must be an absolute http:// or https:// URL",
            ),
            "401": badKey,
            "403": error(
              "The key's owner does not manage that collection; nothing was stored.",
              'nftData.PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
            ),
            "404": error(
              "A PlatformNFTId or PlatformPerkId does not exist (or the perk belongs to another collection); nothing was stored.",
              'nftData.PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found',
            ),
            "409": error(
              "`nftData.Version` (or a perk's `Version`) differs from the stored Version (someone else changed the collection), or a request with the same `Idempotency-Key` is still running; nothing was stored.",
              "nftData.Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change.",
            ),
            "413": error(`The body is larger than ${LIMITS.bodyBytes} bytes.`, `body: larger than the limit of ${LIMITS.bodyBytes} bytes`),
            "415": error(
              "A `Content-Encoding` other than identity; send the body uncompressed.",
              'Content-Encoding: "gzip" is not supported; send the body uncompressed',
            ),
            "422": error(
              "The `Idempotency-Key` was already used with a different body; nothing was stored.",
              "Idempotency-Key: this key was already used with a different request body",
            ),
            "429": tooManyRequests,
            ...serverErrors,
          },
        },
      },
      "/api-gateway/search": {
        get: {
          operationId: "search",
          summary: "Search collections by text, perk category, chain and status",
          description: `\`query\` matches title, description, creator and perk text; every word must match, as a prefix. Title matches come first. A \`query\` that is a contract address (\`0x\` and 40 hex digits, any case) puts the collections with that \`ContractAddress\` first. \`category\` is one of: ${CATEGORIES.join(", ")}. \`chain\`, \`releaseStatus\` and \`perkStatus\` narrow the matches further; all filters combine. Without \`query\`, the most recently modified come first; \`sort\` chooses another order. 20 a page (\`pageSize\` 1 to 100); a page past the last answers \`Docs: []\`. Only the first 10,000 matches are served: \`NumPages\` = ceil(min(matches, 10000) / pageSize). \`facets=category,chain\` adds \`Facets\`, counted over every match, not the page; the chain facet lists the ${FACET_VALUE_LIMIT} chains with the most matches and sums the others in \`FacetsOther.chain\`. Freshness: a search answer may lag a committed write by up to 1 second (retrieval by id is always exact).`,
          requestParams: { query: searchParamsSchema },
          responses: {
            "200": { description: "One page of results.", headers: rateLimitHeaders, content: json(searchResponseSchema, searchExample) },
            "400": error(
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
              "`address` is not an EVM address or fails its EIP-55 checksum, a filter is malformed or out of range (naming it), as for `GET /api-gateway/perks`, or another query parameter is sent.",
              "address: must be an EVM address (0x and 40 hex digits)",
            ),
            "401": badKey,
            "429": tooManyRequests,
            ...serverErrors,
          },
        },
      },
      "/api-gateway/collections/{PlatformNFTId}": {
        get: {
          operationId: "getCollection",
          summary: "Read a collection and all its perks",
          description:
            "The answer is exactly what create accepts: change it and send it back (with its `Version`) to edit without losing fields.",
          requestParams: { path: z.object({ PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK") }) },
          responses: {
            "400": error("A query parameter was sent; this route takes none.", "dryRun: unknown query parameter"),
            "200": {
              description: "The collection and its perks.",
              headers: rateLimitHeaders,
              content: json(collectionRecordSchema, recordExample),
            },
            "401": badKey,
            "404": error("No collection has that id.", 'PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found'),
            "429": tooManyRequests,
            ...serverErrors,
          },
        },
        delete: {
          operationId: "deleteCollection",
          summary: "Delete a collection and all its perks",
          description:
            "Removes the collection and every perk on it in one transaction; from then on retrieval answers 404 and search no longer finds it. Same key, ownership and rate-limit rules as create (it counts against the create budget). Send the `Version` you last read as `?Version=` to refuse the deletion if someone changed the collection since, and an `Idempotency-Key` to retry safely: a retry with the same key replays the first answer (with `Idempotent-Replayed: true`).",
          requestParams: {
            path: z.object({ PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK") }),
            query: deleteCollectionQuerySchema,
            header: idempotencyHeader,
          },
          responses: {
            "200": {
              description: "Deleted, with its perks.",
              headers: rateLimitHeaders,
              content: json(deleteCollectionResponseSchema, { PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK", DeletedPerks: 3 }),
            },
            "400": error(
              "`Version` is not a non-negative integer, or the `Idempotency-Key` is malformed.",
              "Version: must be a non-negative integer",
            ),
            "401": badKey,
            "403": error(
              "The key's owner does not manage that collection; nothing was deleted.",
              'PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
            ),
            "404": error(
              "No collection has that id (or it was already deleted).",
              'PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found',
            ),
            "409": error(
              "`Version` differs from the stored Version, or a request with the same `Idempotency-Key` is still running; nothing was deleted.",
              "Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change.",
            ),
            "422": error(
              "The `Idempotency-Key` was already used for a different request; nothing was deleted.",
              "Idempotency-Key: this key was already used with a different request body",
            ),
            "429": tooManyRequests,
            ...serverErrors,
          },
        },
      },
      "/api-gateway/collections/{PlatformNFTId}/perks/{PlatformPerkId}": {
        delete: {
          operationId: "deletePerk",
          summary: "Remove a perk from a collection",
          description:
            "Same key, ownership and rate-limit rules as create (it counts against the create budget). The collection gets a new `Version`; send the one you last read as `?Version=` to refuse the removal if someone changed the collection since, and an `Idempotency-Key` to retry safely (a retry with the same key replays the first answer with `Idempotent-Replayed: true`).",
          requestParams: {
            path: z.object({
              PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK"),
              PlatformPerkId: idParam("Qx9fT2mLr8VbNc4sKd1e"),
            }),
            query: deletePerkQuerySchema,
            header: idempotencyHeader,
          },
          responses: {
            "200": {
              description: "Removed.",
              headers: rateLimitHeaders,
              content: json(deletePerkResponseSchema, {
                PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK",
                PlatformPerkId: "Qx9fT2mLr8VbNc4sKd1e",
                Version: 5,
              }),
            },
            "400": error(
              "`Version` is not a non-negative integer, or another query parameter is sent.",
              "Version: must be a non-negative integer",
            ),
            "401": badKey,
            "403": error(
              "The key's owner does not manage that collection; nothing was removed.",
              'PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
            ),
            "404": error(
              "The collection does not exist, or has no perk with that id.",
              'PlatformPerkId: perk "Qx9fT2mLr8VbNc4sKd1e" not found in collection "k3JqSuoHKx2VrhiBfpKK"',
            ),
            "409": error(
              "`Version` differs from the stored Version; nothing was removed.",
              "Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change.",
            ),
            "429": tooManyRequests,
            ...serverErrors,
          },
        },
      },
      "/api-gateway/collections/{PlatformNFTId}/history": {
        get: {
          operationId: "getCollectionHistory",
          summary: "Read a collection's change history",
          description: `Every create, edit and delete of the collection and its perks, newest first, 20 a page: who (the account, and the API key or the portal session), when, and per collection or perk what changed, field by field (\`From\` absent: the field was unassigned; \`To\` absent: it became unassigned). A page carries at most ${LIMITS.historyPageChangesBytes} bytes of changes: an entry past that budget lists only \`ChangesBytes\`, and no entry carries the collection as it was after it; \`GET …/history/{Id}\` answers one entry whole, with its \`State\`. Only for keys of an account that manages the collection: anyone else gets the same 403 or 404 as an edit would.`,
          requestParams: { path: z.object({ PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK") }), query: historyQuerySchema },
          responses: {
            "200": { description: "One page of entries.", headers: rateLimitHeaders, content: json(historyResponseSchema, historyExample) },
            "400": error(
              "`pageNum` is not a positive integer, or another query parameter is sent.",
              "pageNum: must be a positive integer below 1,000,000,000",
            ),
            "401": badKey,
            "403": error(
              "The key's owner does not manage that collection.",
              'PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
            ),
            "404": error("No collection has that id.", 'PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found'),
            "429": tooManyRequests,
            ...serverErrors,
          },
        },
      },
      "/api-gateway/collections/{PlatformNFTId}/history/{Id}": {
        get: {
          operationId: "getCollectionHistoryEntry",
          summary: "Read one history entry whole",
          description:
            "One entry of the collection's history with all its changes and the collection's partner fields and perks as they were after it (`State`, null after a deletion): what a history page leaves out. The same 403 and 404 as the history.",
          requestParams: {
            path: z.object({ PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK"), Id: z.string().meta({ example: "2" }) }),
          },
          responses: {
            "200": { description: "The entry.", headers: rateLimitHeaders, content: json(historyEntrySchema, historyEntryExample) },
            "401": badKey,
            "403": error(
              "The key's owner does not manage that collection.",
              'PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
            ),
            "404": error(
              "No collection has that id, or its history no entry with that `Id`.",
              'Id: history entry 9 of collection "k3JqSuoHKx2VrhiBfpKK" not found',
            ),
            "429": tooManyRequests,
            ...serverErrors,
          },
        },
      },
      "/api-gateway/verification/nonce": {
        post: {
          operationId: "getVerificationNonce",
          summary: "Start verifying a collection by its contract's owner",
          description:
            "For a collection the key's owner manages, on a synced chain: a one-time nonce and the Sign-In-with-Ethereum (EIP-4361) message naming the collection, chain and contract, to be signed by `Address` (`personal_sign`) and sent to `/api-gateway/verification/verify` within 10 minutes. On the write budget.",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: verificationNonceRequestSchema,
                examples: {
                  start: { value: { PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK", Address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" } },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "The message to sign.",
              headers: rateLimitHeaders,
              content: { "application/json": { schema: verificationNonceResponseSchema } },
            },
            "400": error(
              "A malformed body, or a collection that cannot be synced (the reason is given).",
              'PlatformNFTId: cannot be verified: not synced: "Solana" is not an EVM chain the service syncs',
            ),
            "401": badKey,
            "403": error(
              "The key's owner does not manage that collection.",
              'PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
            ),
            "404": error("No collection has that id.", 'PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found'),
            "429": tooManyRequests,
            ...serverErrors,
          },
        },
      },
      "/api-gateway/verification/verify": {
        post: {
          operationId: "verifyCollection",
          summary: "Verify a collection with a message signed by its contract's owner",
          description:
            "Checks the message (its domain is this host, its chain and statement name the collection's chain and contract, its nonce was issued to this account for this collection, unused and unexpired), the signature (EOA, or ERC-1271 where the RPC allows), and that the signer is the contract's `owner()` at the current block. The collection then carries `Verified: true` and `VerifiedBy`; any other collection of the same contract loses them. The nonce is spent by the first attempt, whatever its outcome.",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: verificationRequestSchema,
                examples: {
                  signed: {
                    summary: "The message from the nonce answer, as signed, and its signature",
                    value: {
                      PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK",
                      Message: "localhost wants you to sign in with your Ethereum account: …",
                      Signature: `0x${"ab".repeat(65)}`,
                    },
                  },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "Verified.",
              headers: rateLimitHeaders,
              content: { "application/json": { schema: verificationResponseSchema } },
            },
            "400": error(
              "A malformed, wrong-domain, wrong-chain, expired or replayed message.",
              "Message: its nonce is unknown, expired or already used; ask for a new one",
            ),
            "401": error("The signature is not by the message's address.", "Signature: not a signature of this message by its address"),
            "403": error(
              "The signer is not the contract's owner(), or the key's owner does not manage the collection.",
              "Address: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is not the contract's owner() (0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266)",
            ),
            "404": error("No collection has that id.", 'PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found'),
            "429": tooManyRequests,
            ...serverErrors,
          },
        },
      },
      "/api-gateway/openapi.json": {
        get: {
          operationId: "getOpenApiDocument",
          summary: "This document",
          security: [],
          responses: {
            "200": { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } },
            "500": serverErrors["500"],
          },
        },
      },
    },
  });
}

let built: ReturnType<typeof buildDocument> | undefined;

/**
 * The OpenAPI 3.1 document of the API, generated from the schemas the route handlers validate
 * with. It depends only on the code, so it is built once per process (the docs page renders per
 * request for its CSP nonce). Callers must not mutate it.
 */
export function apiDocument() {
  built ??= buildDocument();
  return built;
}

export type ApiDocument = ReturnType<typeof apiDocument>;
