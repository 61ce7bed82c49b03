import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNT, ensureDemoAccount } from "@/lib/auth/demo-account";
import { findOrCreateAccount } from "@/lib/auth/accounts";
import { getDb, queryRows } from "@/lib/db/client";
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
