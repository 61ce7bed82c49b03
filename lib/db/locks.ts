/**
 * PostgreSQL advisory lock ids of this app, in one place so that no two uses pick the same
 * number. Arbitrary constants; they only need to differ from each other and from other apps'.
 */
export const ADVISORY_LOCKS = {
  /** Instances starting together take turns to migrate (lib/db/client.ts). */
  migrations: 7_311_042,
  /** One refresh of the frequent-lexeme snapshot at a time (lib/search/frequent-lexemes.ts). */
  frequentLexemesRefresh: 7_311_043,
  /** Bitmap writers (lib/search/bitmaps/maintenance.ts). */
  searchBitmaps: 7_311_044,
  /** With the account's hashed id: one webhook attempt claim of an account at a time (lib/webhooks/server/claim.ts). */
  webhookAccounts: 7_311_045,
} as const;
