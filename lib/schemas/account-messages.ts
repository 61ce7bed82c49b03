import { LIMITS } from "./limits";
import { textMessage, type FriendlyMessages } from "./friendly-messages";

/*
 * The account forms' messages, beside `signUpSchema` and `apiKeyRequestSchema` (account.ts). The
 * email and password rules already speak to people in the schema (better-auth answers the API
 * side), so only the fields whose schema keeps a terse limit are here.
 */

export const SIGN_UP_MESSAGES: FriendlyMessages = {
  name: textMessage("name", LIMITS.name, "Enter your name or your team's"),
};

/** The portal's key form; the keys route keeps `label: at most 100 characters`. */
export const API_KEY_MESSAGES: FriendlyMessages = {
  label: textMessage("label", LIMITS.keyLabel, "Give the key a label, such as the system that will use it"),
};
