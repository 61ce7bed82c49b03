/*
 * The end-to-end store's bulk account: one partner with 5,000 collections, for My collections at
 * scale. Shared by the e2e server (which seeds it) and the test (which checks exact titles). No
 * server-only imports: the browser tests read it too.
 */
export const BULK_ACCOUNT = { email: "bulk@example.com", password: "bulk-partner-password", count: 5_000 } as const;

export const bulkTitle = (index: number) => `Bulk ${String(index).padStart(4, "0")}`;

/** Every third collection is Upcoming, the next Available, the next has no release status. */
export const bulkStatus = (index: number) => (["Upcoming", "Available", undefined] as const)[index % 3];
