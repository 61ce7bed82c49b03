import { z } from "zod";
import { canonicalChainLabel } from "@/lib/schemas/chains";
import { boundedText, idField, requiredText, urlField } from "./fields";
import { LIMITS } from "./limits";

export const RELEASE_STATUSES = ["Upcoming", "Available"] as const;

const floorPrice = boundedText(LIMITS.text).regex(/^(notset|\d+(\.\d+)?)$/, {
  error: 'must be "notset" or a decimal number such as "0.25"',
});

// The bound first: an over-long list is refused before its items are read (see create-request.ts).
const stringList = z
  .array(boundedText(LIMITS.text), { error: "expected an array of strings" })
  .max(LIMITS.listItems, { error: `at most ${LIMITS.listItems} items` });

const count = z
  .number({ error: "expected an integer" })
  .int({ error: "expected an integer" })
  .min(0, { error: "must be 0 or more" })
  .max(Number.MAX_SAFE_INTEGER);

/** Fields a partner owns: stored as sent, replaced whole on every edit. */
export const collectionFieldsSchema = z.object({
  Title: requiredText(LIMITS.title),
  /** A chain of the table (any case) is stored in the table's spelling, so "ethereum" and "Ethereum" are one chain. */
  ContractChain: requiredText(LIMITS.text).overwrite(canonicalChainLabel),
  CollectionDescription: boundedText(LIMITS.description).optional(),
  ContractAddress: boundedText(LIMITS.text).optional(),
  ContractText: boundedText(LIMITS.description).optional(),
  Creator: boundedText(LIMITS.text).optional(),
  Discord: urlField.optional(),
  Twitter: urlField.optional(),
  ImagePic: urlField.optional(),
  MarketPlace: boundedText(LIMITS.text).optional(),
  MarketPlaceLink: urlField.optional(),
  ReleaseStatus: z.enum(RELEASE_STATUSES, { error: `must be one of ${RELEASE_STATUSES.join(", ")}` }).optional(),
  Website: urlField.optional(),
  floorPrice: floorPrice.optional(),
  marketplaceSlug: boundedText(LIMITS.text).optional(),
  PriceRange: boundedText(LIMITS.text).optional(),
  PropertiesNames: stringList.optional(),
  PropertiesValues: stringList.optional(),
  TokenQuantity: count.optional(),
  TokenQuantityIssued: count.optional(),
});

const serverText = boundedText(LIMITS.text);
const references = z
  .array(serverText, { error: "expected an array of strings" })
  .max(LIMITS.perksPerCollection, { error: `at most ${LIMITS.perksPerCollection} items` });

/**
 * Fields the service sets. Accepted on input so that a record read from the API can be sent back
 * as it is; their values are ignored, except `Version`, which is an edit precondition. They must
 * still have the shape retrieval gives them: an arbitrary value here (a 3,000-deep array) would
 * otherwise be carried through parsing, hashing and the echo. The OpenAPI document, generated from
 * these schemas, so declares exactly the bounds the server enforces and says the value is ignored
 * (docs/decisions/067): add a server-managed field through `serverManaged` and both follow.
 */
const SERVER_MANAGED = `Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field.`;
const serverManaged = <T extends z.ZodType>(schema: T) => schema.optional().meta({ description: SERVER_MANAGED });

export const collectionServerFieldsSchema = z.object({
  Version: count.optional().meta({
    description:
      "The collection's `Version` as you last read it: on an edit, a different stored Version is a 409 and nothing changes. Ignored on a new collection.",
  }),
  lastmodified: serverManaged(count),
  path: serverManaged(serverText),
  Managers: serverManaged(references),
  Perks: serverManaged(references),
  BlockchainSyncStatus: serverManaged(serverText),
  BlockchainSyncLocation: serverManaged(serverText),
  BlockchainSyncError: serverManaged(serverText),
  Verified: serverManaged(z.boolean({ error: "expected true or false" })),
  VerifiedBy: serverManaged(serverText),
  CreationDate: serverManaged(serverText),
});

/** Server-managed keys other than `Version`: never stored from input, never echoed back. */
export const IGNORED_SERVER_KEYS = Object.keys(collectionServerFieldsSchema.shape).filter((key) => key !== "Version");

/** `nftData` of a create/edit request. Unknown keys are refused: a misspelt field would be wiped. */
export const collectionInputSchema = z.strictObject({
  PlatformNFTId: idField.optional(),
  ...collectionFieldsSchema.shape,
  ...collectionServerFieldsSchema.shape,
});

export type CollectionFields = z.output<typeof collectionFieldsSchema>;
export type CollectionInput = z.input<typeof collectionInputSchema>;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** The collection as the service returns it from retrieval: every field, service-managed ones set. */
export const collectionDocSchema = collectionFieldsSchema
  .extend({
    PlatformNFTId: z.string().meta({ description: "Assigned by the service.", example: "k3JqSuoHKx2VrhiBfpKK" }),
    Managers: z.array(z.string()).meta({ description: "`Users/<user id>` of each account that may edit it." }),
    Perks: z.array(z.string()).meta({ description: "`Perks/<perk id>` references, in order." }),
    Version: z.number().int().meta({ description: "Raised by every write to the collection or its perks." }),
    lastmodified: z.number().int().meta({ description: "Milliseconds since the Unix epoch." }),
    path: z.string().meta({ example: "NFTs/k3JqSuoHKx2VrhiBfpKK" }),
    CreationDate: z.string().meta({ description: "month/day/year", example: "11/22/2026" }),
    BlockchainSyncStatus: z.enum(["Synced", "Updating"]).meta({
      description:
        "Updating while a sync is pending, behind the chain or failing; Synced when caught up, or with no ContractAddress to follow.",
    }),
    BlockchainSyncLocation: z.string().meta({
      description: "Opaque cursor of the chain sync (`eip155:<chainId>:<block>:<blockHash>`); empty when nothing is indexed.",
    }),
    BlockchainSyncError: z
      .string()
      .optional()
      .meta({ description: "Why the collection is not synced, in words; absent when nothing is wrong." }),
    Verified: z.literal(true).optional().meta({
      description:
        "Present (true) when the contract's `owner()` signed a verification for this collection; at most one collection per contract.",
    }),
    VerifiedBy: z.string().optional().meta({ description: "The address that signed the verification (lower case)." }),
  })
  .meta({ id: "Collection" });

/** A collection in search results: the contract leaves out the create-only Discord and Twitter. */
export const searchDocSchema = collectionDocSchema.omit({ Discord: true, Twitter: true }).meta({ id: "SearchDoc" });

export type CollectionDoc = z.output<typeof collectionDocSchema>;
export type SearchDoc = z.output<typeof searchDocSchema>;

/** Keys whose values are picked from input and stored; everything else is dropped. */
export const COLLECTION_FIELD_KEYS = Object.keys(collectionFieldsSchema.shape) as (keyof CollectionFields)[];
