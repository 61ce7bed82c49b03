// No zod here: the browser imports these bounds, and zod would add ~35 KB to every page.

/** Bounds from the product design: one place, so forms, API and docs agree. */
export const LIMITS = {
  title: 200,
  description: 10_000,
  url: 2_048,
  text: 500,
  perksPerRequest: 100,
  /** Perks one collection may hold, and the size of its stored record as retrieval returns it. */
  perksPerCollection: 250,
  recordBytes: 1024 * 1024,
  /** Ids the service assigns are 20 characters; anything over this is refused or unknown. */
  id: 64,
  listItems: 100,
  tokensRequired: 1_000_000_000,
  bodyBytes: 1024 * 1024,
  query: 500,
  passwordMin: 8,
  passwordMax: 128,
  name: 100,
  keyLabel: 100,
  /** Bodies of the portal's and sign-in's own routes: small forms, never a collection. */
  smallBodyBytes: 64 * 1024,
  /** An import file (JSON or CSV): about 30,000 typical perks; refused before it is read whole. */
  importBytes: 16 * 1024 * 1024,
  /** The work one import may ask for, past its bytes: the largest real import with room to spare. */
  importRequests: 10_000,
  importCollections: 10_000,
  importPerks: 30_000,
  /** CSV rows after the header (one per perk, or per collection without perks). */
  importRows: 30_000,
  /** JSON: objects and arrays, and values of any kind, in the whole file (a real file of 30,000 perks holds ~200,000 and ~1,000,000). */
  importContainers: 500_000,
  importValues: 2_000_000,
  /** The changes one page of a collection's history carries, as JSON text; past it, entries list only their size. */
  historyPageChangesBytes: 256 * 1024,
  /** Problems a refused import lists; the rest are only counted. */
  importProblemsListed: 100,
} as const;
