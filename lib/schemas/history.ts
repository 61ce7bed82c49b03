import { z } from "zod";

/** Query of GET /collections/{PlatformNFTId}/history: the page, 20 entries a page, newest first. */
export const historyQuerySchema = z.object({
  pageNum: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { error: "must be a positive integer below 1,000,000,000" })
    .transform(Number)
    .optional(),
});

const jsonValue = z.unknown().meta({ description: "A field's value as stored (any JSON value)." });

export const fieldChangeSchema = z
  .object({
    Path: z.string().meta({ description: "The field's name, as in the create request." }),
    From: jsonValue.optional().meta({ description: "The value before; absent when the field was unassigned." }),
    To: jsonValue.optional().meta({ description: "The value after; absent when the field became unassigned." }),
  })
  .meta({ id: "FieldChange" });
export type FieldChange = z.output<typeof fieldChangeSchema>;

export const objectChangeSchema = z
  .object({
    Object: z.enum(["collection", "perk"]),
    Id: z.string().meta({ description: "The PlatformNFTId of the collection, or the PlatformPerkId of the perk." }),
    Kind: z.enum(["created", "updated", "deleted"]),
    Fields: z
      .array(fieldChangeSchema)
      .meta({ description: "Only the fields that changed; a created or deleted object lists every field it held." }),
  })
  .meta({ id: "ObjectChange" });
export type ObjectChange = z.output<typeof objectChangeSchema>;

/** A collection's partner fields and perks as they were after a change. */
export const historyStateSchema = z
  .object({
    nftData: z.record(z.string(), z.unknown()),
    perkData: z.array(z.looseObject({ PlatformPerkId: z.string() })),
  })
  .meta({ id: "HistoryState" });
export type HistoryState = z.output<typeof historyStateSchema>;

export const historyEntrySchema = z
  .object({
    Id: z.number().int().meta({ description: "Rises with every entry: newer entries have larger ids." }),
    At: z.number().int().meta({ description: "When, in milliseconds since 1970 (as `lastmodified`)." }),
    Account: z.string().meta({ description: "Who: the account as `Users/<id>`, as in `Managers`." }),
    Via: z.string().meta({ description: 'How: `Keys/<id>` for the API key used, or "portal session".' }),
    Changes: z.array(objectChangeSchema),
    State: historyStateSchema
      .nullable()
      .meta({ description: "The collection after this change (partner fields only); null once deleted." }),
  })
  .meta({ id: "HistoryEntry" });
export type HistoryEntry = z.output<typeof historyEntrySchema>;

/**
 * An entry as a page lists it: its changes while the page's byte budget lasts, else only their
 * size; never the state. `GET …/history/{Id}` answers the whole entry.
 */
export const historyListEntrySchema = historyEntrySchema
  .omit({ Changes: true, State: true })
  .extend({
    Changes: z
      .array(objectChangeSchema)
      .optional()
      .meta({ description: "Absent when the page's budget of changes was spent: read the entry on its own." }),
    ChangesBytes: z.number().int().meta({ description: "The size of the entry's changes as JSON text, in bytes." }),
    HasState: z.boolean().meta({ description: "Whether the entry keeps the collection as it was after it (false for a deletion)." }),
  })
  .meta({ id: "HistoryListEntry" });
export type HistoryListEntry = z.output<typeof historyListEntrySchema>;

export const historyResponseSchema = z
  .object({
    NumPages: z.number().int().meta({ description: "ceil(entries / 20); 0 without entries." }),
    Docs: z.array(historyListEntrySchema),
  })
  .meta({ id: "HistoryPage" });
export type HistoryPage = z.output<typeof historyResponseSchema>;

/** `?dryRun=` of create and the portal's save: 1/true previews, 0/false (or absent) writes. */
export const saveQuerySchema = z.object({
  dryRun: z
    .enum(["1", "true", "0", "false"], { error: "must be 1, true, 0 or false" })
    .transform((value) => value === "1" || value === "true")
    .optional(),
});

export const dryRunResponseSchema = z
  .object({
    DryRun: z.literal(true),
    Response: z.record(z.string(), z.unknown()).meta({
      description:
        "The answer the write would give: the ids that would be assigned and the new Versions. Nothing was stored, so these ids are not reserved.",
    }),
    Changes: z.array(
      z
        .object({
          PlatformNFTId: z.string(),
          Changes: z.array(objectChangeSchema),
          Unassigned: z
            .array(z.object({ Object: z.enum(["collection", "perk"]), Id: z.string(), Path: z.string() }))
            .meta({ description: "Every field holding a value now that the edit would leave unassigned (replace-on-edit)." }),
        })
        .meta({ id: "DryRunCollection" }),
    ),
  })
  .meta({ id: "DryRunResult" });
export type DryRunResult = z.output<typeof dryRunResponseSchema>;
