import { zodResolver } from "@hookform/resolvers/zod";
import { describe, expect, it } from "vitest";
import { apiKeyRequestSchema, signUpSchema } from "@/lib/schemas/account";
import { API_KEY_MESSAGES, SIGN_UP_MESSAGES } from "@/lib/schemas/account-messages";
import { LIMITS } from "@/lib/schemas/limits";
import { perkFieldsSchema } from "@/lib/schemas/perk";
import { PERK_MESSAGES } from "@/lib/schemas/perk-messages";
import { withFriendlyMessages } from "./friendly-resolver";

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("withFriendlyMessages", () => {
  const resolver = withFriendlyMessages(zodResolver(perkFieldsSchema), PERK_MESSAGES);

  it("replaces the schema's messages, nested ones included, and keeps the issue type", async () => {
    const result = await resolver({ ShortDescription: "", Tags: [], TokensRequired: -1, Location: { latitude: 100 } }, undefined, options);
    expect(result.errors).toMatchObject({
      ShortDescription: { message: "Enter a short description.", type: "custom" },
      Tags: { message: "Choose at least one category." },
      TokensRequired: { message: "Tokens required can't be negative.", type: "too_small" },
      Location: { latitude: { message: "Enter a latitude between −90 and 90, such as 48.8566." } },
    });
  });

  it("passes valid values through unchanged", async () => {
    const values = { ShortDescription: "Merch drop", Tags: ["Merch" as const] };
    expect(await resolver(values, undefined, options)).toEqual({ values, errors: {} });
  });
});

describe("the account forms", () => {
  it("say how long a sign-up name may be, in a sentence", async () => {
    const resolver = withFriendlyMessages(zodResolver(signUpSchema), SIGN_UP_MESSAGES);
    const values = { name: "n".repeat(LIMITS.name + 1), email: "partner@example.com", password: "long enough" };
    expect((await resolver(values, undefined, options)).errors).toEqual({
      name: expect.objectContaining({ message: "Keep the name to 100 characters or fewer.", type: "too_big" }),
    });
    const blank = await resolver({ ...values, name: "  " }, undefined, options);
    expect(blank.errors.name?.message).toBe("Enter your name or your team's");
  });

  it("say how long a key label may be, in a sentence, while the API keeps its own message", async () => {
    const resolver = withFriendlyMessages(zodResolver(apiKeyRequestSchema), API_KEY_MESSAGES);
    const long = { label: "k".repeat(LIMITS.keyLabel + 1) };
    expect((await resolver(long, undefined, options)).errors.label?.message).toBe("Keep the label to 100 characters or fewer.");
    expect(apiKeyRequestSchema.safeParse(long).error?.issues[0]?.message).toBe("at most 100 characters");
    expect((await resolver({ label: "" }, undefined, options)).errors.label?.message).toBe(
      "Give the key a label, such as the system that will use it",
    );
  });
});
