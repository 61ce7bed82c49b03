// No zod here: the browser imports these bounds, and zod would add ~35 KB to every page.

/** Bounds from the product design: one place, so forms, API and docs agree. */
export const LIMITS = {
  title: 200,
  description: 10_000,
  url: 2_048,
  text: 500,
  perksPerRequest: 100,
  listItems: 100,
  tokensRequired: 1_000_000_000,
  bodyBytes: 1024 * 1024,
  query: 500,
  passwordMin: 8,
  passwordMax: 128,
  name: 100,
  keyLabel: 100,
} as const;
