import { LIMITS } from "./limits";
import { URL_MESSAGE, textMessage, type FieldIssue, type FriendlyMessages } from "./friendly-messages";

const coordinate = (what: string, bound: number) => `Enter a ${what} between −${bound} and ${bound}, such as 48.8566.`;

/** The perk form's messages, beside `perkFieldsSchema` (perk.ts). */
export const PERK_MESSAGES: FriendlyMessages = {
  ShortDescription: textMessage("short description", LIMITS.description, "Enter a short description."),
  LongDescription: textMessage("long description", LIMITS.description, "Check the long description."),
  Tags: (issue: FieldIssue) =>
    issue.code === "too_big"
      ? "Choose at most 18 categories."
      : issue.message.startsWith("duplicate")
        ? "Choose each category once."
        : "Choose at least one category.",
  Site: URL_MESSAGE,
  Status: "Choose Upcoming, Past or Not set.",
  TokensRequired: (issue: FieldIssue) =>
    issue.code === "too_small"
      ? "Tokens required can't be negative."
      : issue.code === "too_big"
        ? `Tokens required can be at most ${LIMITS.tokensRequired.toLocaleString("en-US")}.`
        : "Enter tokens required as a whole number, such as 1.",
  Date: "Choose a day (and a time, if it has one), or choose No date.",
  "Location.address": textMessage("address", LIMITS.text, "Check the address."),
  "Location.latitude": coordinate("latitude", 90),
  "Location.longitude": coordinate("longitude", 180),
};
