import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { DEMO_BESIDE_PARTNERS, DEMO_IN_PRODUCTION, ensureDemoAccount } from "@/lib/auth/demo-account";
import { DEMO_ACCOUNT } from "@/lib/auth/demo-credentials";
import { findOrCreateAccount } from "@/lib/auth/accounts";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { seedCollections } from "@/scripts/seed/seed";
import { portal, signIn } from "../support/portal";

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

describe("demo partner", () => {
  it("signs in to the portal after seeding and sees the seeded collections", async () => {
    await seedCollections(3);
    const response = await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect(response.status).toBe(200);
    const list = await portal.list({ cookie: sessionCookie(response) });
    expect(list.status).toBe(200);
    expect((await list.json()).collections).toHaveLength(3);
  });

  it("keeps one password credential, the same account and the published password when set again", async () => {
    const first = await ensureDemoAccount();
    const second = await ensureDemoAccount();
    expect(second.id).toBe(first.id);
    expect((await findOrCreateAccount(DEMO_ACCOUNT.email)).id).toBe(first.id);
    const rows = await queryRows<{ total: number }>(
      await getDb(),
      sql`SELECT count(*)::int AS total FROM credentials WHERE user_id = ${first.id} AND provider_id = 'credential'`,
    );
    expect(rows[0]?.total).toBe(1);
    expect((await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).status).toBe(200);
    expect((await signIn(DEMO_ACCOUNT.email, "not the demo password")).status).toBe(401);
  });
});

describe("demo seeding refuses unsafe stores", () => {
  it("refuses in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    try {
      await expect(seedCollections(1)).rejects.toThrow(DEMO_IN_PRODUCTION);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("refuses a store that holds a partner account besides the demo account, and adds nothing", async () => {
    const before = await queryRows<{ total: number }>(await getDb(), sql`SELECT count(*)::int AS total FROM collections`);
    await findOrCreateAccount("real-partner@example.com");
    await expect(seedCollections(2)).rejects.toThrow(DEMO_BESIDE_PARTNERS);
    await expect(ensureDemoAccount()).rejects.toThrow(DEMO_BESIDE_PARTNERS);
    const after = await queryRows<{ total: number }>(await getDb(), sql`SELECT count(*)::int AS total FROM collections`);
    expect(after[0]?.total).toBe(before[0]?.total);
  });
});
