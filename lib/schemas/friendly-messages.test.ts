import { describe, expect, it } from "vitest";
import { collectionFieldsSchema } from "./collection";
import { COLLECTION_MESSAGES } from "./collection-messages";
import { friendlyMessage, type FriendlyMessages } from "./friendly-messages";
import { perkFieldsSchema } from "./perk";
import { PERK_MESSAGES } from "./perk-messages";
import type { z } from "zod";

/** The friendly sentence for the first issue the schema finds in `input`, as the forms show it. */
function firstMessage(schema: z.ZodType, messages: FriendlyMessages, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be refused");
  const issue = result.error.issues[0]!;
  return friendlyMessage(messages, issue.path.join("."), { code: issue.code, message: issue.message });
}

const collection = (fields: Record<string, unknown>) =>
  firstMessage(collectionFieldsSchema, COLLECTION_MESSAGES, { Title: "T", ContractChain: "Base", ...fields });
const perk = (fields: Record<string, unknown>) =>
  firstMessage(perkFieldsSchema, PERK_MESSAGES, { ShortDescription: "S", Tags: ["Merch"], ...fields });

describe("collection messages", () => {
  it("says what to do for each refused field", () => {
    expect(collection({ Title: "  " })).toBe("Enter a title.");
    expect(collection({ Title: "x".repeat(201) })).toBe("Keep the title to 200 characters or fewer.");
    expect(collection({ ContractChain: "" })).toBe("Enter the chain, such as Ethereum, Base or Solana.");
    expect(collection({ floorPrice: "cheap" })).toBe("Enter a price such as 0.25, or choose Not set.");
    expect(collection({ Website: "javascript:alert(1)" })).toBe("Enter a web address such as https://example.com.");
    expect(collection({ TokenQuantity: -1 })).toBe("Token quantity can't be negative.");
    expect(collection({ TokenQuantityIssued: 1.5 })).toBe("Enter tokens issued as a whole number, such as 1000.");
  });

  it("has a sentence for every field a partner fills in", () => {
    for (const key of Object.keys(collectionFieldsSchema.shape).filter((key) => !key.startsWith("Properties"))) {
      expect(COLLECTION_MESSAGES[key], key).toBeDefined();
    }
  });
});

describe("perk messages", () => {
  it("says what to do for each refused field", () => {
    expect(perk({ ShortDescription: "" })).toBe("Enter a short description.");
    expect(perk({ Tags: [] })).toBe("Choose at least one category.");
    expect(perk({ Tags: ["Merch", "Merch"] })).toBe("Choose each category once.");
    expect(perk({ TokensRequired: -1 })).toBe("Tokens required can't be negative.");
    expect(perk({ TokensRequired: 2_000_000_000 })).toBe("Tokens required can be at most 1,000,000,000.");
    expect(perk({ Site: "ftp://example.com" })).toBe("Enter a web address such as https://example.com.");
    expect(perk({ Location: { latitude: 91 } })).toBe("Enter a latitude between −90 and 90, such as 48.8566.");
  });

  it("leaves paths it does not know to the schema's own message", () => {
    expect(friendlyMessage(PERK_MESSAGES, "Unknown", { code: "custom", message: "x" })).toBeUndefined();
  });

  it("has a sentence for every field a partner fills in", () => {
    for (const key of Object.keys(perkFieldsSchema.shape).filter((key) => !["OneTime", "Location"].includes(key))) {
      expect(PERK_MESSAGES[key], key).toBeDefined();
    }
  });
});
