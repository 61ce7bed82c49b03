/**
 * The demo partner that owns the seeded collections. Its password is public on purpose (docs/product.md,
 * dev start-up banner, end-to-end tests): the demo store holds nothing but generated data. No
 * server-only import here, so the browser tests can read it too.
 */
export const DEMO_ACCOUNT = { email: "demo@example.com", password: "demo-partner-password" } as const;
