import { customAlphabet } from "nanoid";

/** In byte order, so that fixed-width numbers written in it sort as the numbers do. */
export const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Record ids in the shape of the contract's examples: 20 random alphanumerics (≈119 bits). */
export const newId = customAlphabet(ALPHANUMERIC, 20);

/** The secret part of an API key: 40 alphanumerics (≈238 bits), so a fast hash suffices. */
export const newSecret = customAlphabet(ALPHANUMERIC, 40);

/**
 * A sign-in (EIP-4361) nonce: 24 alphanumerics from the system's CSPRNG (≈143 bits). viem's
 * `generateSiweNonce` draws from Math.random, predictable and, called twice, nearly the same text.
 */
export const newSignInNonce = customAlphabet(ALPHANUMERIC, 24);

const base62 = (value: number, width: number) => {
  let text = "";
  for (let rest = value; text.length < width; rest = Math.floor(rest / 62)) text = ALPHANUMERIC[rest % 62] + text;
  return text;
};

const randomTail = customAlphabet(ALPHANUMERIC, 8);

/**
 * Ids in the same shape for a bulk load, ascending: the load's start time (7 characters), a
 * counter (5) and 8 random characters. Random ids put each of a million inserts on a random page
 * of every primary key; ascending ones all go to the last pages, which stay in memory.
 */
export function ascendingIds(start = Date.now()): () => string {
  const prefix = base62(start, 7);
  let counter = 0;
  return () => `${prefix}${base62(counter++, 5)}${randomTail()}`;
}
