import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSearchDb, getWriteTransactions } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { env } from "@/lib/env";

/**
 * While saves crowd (two transactions open at once), the public's searches take one search
 * connection, so one PostgreSQL backend at most computes searches beside them (decision 096,
 * issue #47); beside a lone save, and SEARCH_YIELD_MS after the crowd, they spread over every
 * search connection.
 */
describe.runIf(process.env.DATABASE_URL && env().SEARCH_CONNECTIONS > 1 && env().SEARCH_YIELD_MS > 0)(
  "searches beside an open save",
  () => {
    const backendsOf = async (searches: number) => {
      const searchDb = await getSearchDb();
      const answers = await Promise.all(
        Array.from({ length: searches }, () => queryRows<{ pid: number }>(searchDb, sql`SELECT pg_backend_pid() AS pid`)),
      );
      return new Set(answers.map((rows) => rows[0]!.pid)).size;
    };

    it("spreads searches beside one open save, sends them to one connection beside two, and spreads them again after the yield", async () => {
      const { db } = await getWriteTransactions();
      let lone = 0;
      let crowded = 0;
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        lone = await backendsOf(40);
        await db.transaction(async (second) => {
          await second.execute(sql`SELECT 1`);
          crowded = await backendsOf(40);
        });
      });
      expect(lone).toBe(env().SEARCH_CONNECTIONS);
      expect(crowded).toBe(1);
      // The yield is a window on the server's own clock after the save ended.
      await new Promise((resolve) => setTimeout(resolve, env().SEARCH_YIELD_MS + 50));
      expect(await backendsOf(40)).toBe(env().SEARCH_CONNECTIONS);
    });
  },
);
