import { customAlphabet } from "nanoid";

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Record ids in the shape of the contract's examples: 20 random alphanumerics (≈119 bits). */
export const newId = customAlphabet(ALPHANUMERIC, 20);

/** The secret part of an API key: 40 alphanumerics (≈238 bits), so a fast hash suffices. */
export const newSecret = customAlphabet(ALPHANUMERIC, 40);
