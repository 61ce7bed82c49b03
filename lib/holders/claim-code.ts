import "server-only";
import { customAlphabet } from "nanoid";
import { CLAIM_CODE_ALPHABET, CLAIM_CODE_LENGTH } from "@/lib/schemas/claims";

/**
 * A new claim code: 10 characters of a 31-letter alphabet from the system's secure random source
 * (nanoid), about 49.5 bits; guessing one among a million claims takes about 10^9 tries, and the
 * redeem route is rate limited and scoped to the partner's own perks.
 */
export const newClaimCode = customAlphabet(CLAIM_CODE_ALPHABET, CLAIM_CODE_LENGTH);
