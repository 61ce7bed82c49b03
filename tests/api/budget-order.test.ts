import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { roleRefusal } from "@/lib/schemas/team-roles";
import { RESEND_COOLDOWN_SECONDS } from "@/lib/teams/server/invitations";
import { spendPageSearch } from "@/lib/browse/server/page-budget";
import { config as proxyConfig } from "@/proxy";
import { generatePrivateKey, privateKeyToAccount, type LocalAccount } from "viem/accounts";
import { authHeaders, create, newCaller, newClientIp, validCollection, type Caller } from "../support/api";
import { signUp } from "../support/portal";
import { site } from "../support/holders";
import { asPartner } from "../support/team";

// Budgets are spent by whom they protect: a small write budget, so that a caller spending another's
// would show as that other's 429.
process.env.RATE_LIMIT_CREATE_PER_MINUTE = "3";
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "20";
const ORIGIN = "http://localhost";
const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

let team: Caller;
beforeAll(async () => {
  team = await newCaller();
}, 400_000);

describe("the role comes before the budget", () => {
  it("a read key's refused writes leave the team's write budget to its editors", async () => {
    const reader = (await createApiKey(team.userId, "reader", { teamId: team.teamId, scope: "read" })).key;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await answer(await create(reader, { nftData: validCollection() }))).toMatchObject({
        status: 403,
        body: { error: roleRefusal("editor") },
      });
    }
    expect((await create(team.key, { nftData: validCollection() })).status).toBe(200);
  });
});

describe("a claim spends a wallet's budget only for a holder signed in with it", () => {
  async function signIn(account: LocalAccount) {
    const { Message } = (await (await site("POST", "/api/holders/nonce", { Address: account.address, ChainId: 31337 })).json()) as {
      Message: string;
    };
    const response = await site("POST", "/api/holders/session", { Message, Signature: await account.signMessage({ message: Message }) });
    expect(response.status).toBe(200);
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }

  it("another holder naming the wallet is refused (403) without spending it", async () => {
    // Wallets of this test alone: a wallet's budget is shared by every test file when it is in Redis.
    const [mine, theirs] = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];
    const intruder = await signIn(mine);
    const victim = theirs.address.toLowerCase();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await site("POST", "/api/holders/claims", { PlatformPerkId: "NoSuchPerk0000000000", Address: victim }, intruder);
      expect(await answer(refused)).toMatchObject({
        status: 403,
        body: { error: "Address: sign in with this wallet first; it is not one of your signed-in wallets" },
      });
    }
    const owner = await signIn(theirs);
    const own = await site("POST", "/api/holders/claims", { PlatformPerkId: "NoSuchPerk0000000000", Address: victim }, owner);
    expect(own.status).toBe(404);
  });
});

describe("the public collection page", () => {
  it("spends the client address's read budget, as the search pages do: past it, the 429 page", async () => {
    const address = newClientIp();
    const open = () =>
      spendPageSearch(
        new Request(`${ORIGIN}/collections/AnyCollection000000`, { headers: authHeaders(null, address) }),
        "/collections/AnyCollection000000",
      );
    for (let page = 0; page < 20; page += 1) expect(await open()).toBeNull();
    const refused = await open();
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(proxyConfig.matcher).toContain("/collections/:id");
  });
});

describe("resending an invitation", () => {
  it("waits a minute per invitation: a second send at once is a 429 with Retry-After, changing nothing", { timeout: 120_000 }, async () => {
    const owner = await signUp();
    const email = `cooldown-${randomBytes(4).toString("hex")}@example.com`;
    const sent = await asPartner(owner, "POST", "/api/portal/team/invitations", { email, role: "viewer" });
    const { invitation } = (await sent.json()) as { invitation: { id: string } };
    const row = async () =>
      queryRows(await getDb(), sql`SELECT token_hash, sent_at, expires_at FROM team_invitations WHERE id = ${invitation.id}`);
    const before = await row();
    const again = await asPartner(owner, "POST", `/api/portal/team/invitations/${invitation.id}/resend`);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(again.headers.get("retry-after"))).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS);
    expect(((await again.json()) as { error: string }).error).toMatch(/^This invitation was sent less than 60 seconds ago: wait \d+ s/);
    expect(await row()).toEqual(before);
    await (await getDb()).execute(sql`UPDATE team_invitations SET sent_at = now() - interval '61 seconds' WHERE id = ${invitation.id}`);
    expect((await asPartner(owner, "POST", `/api/portal/team/invitations/${invitation.id}/resend`)).status).toBe(200);
  });
});

describe("npm run worker", () => {
  it("refuses the settings a production server refuses: WEBHOOKS_ALLOW_PRIVATE=1 above all", async () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: undefined,
      DATABASE_URL: "postgres://nobody@127.0.0.1:9/none",
      WEBHOOKS_ALLOW_PRIVATE: "1",
      BETTER_AUTH_URL: "https://utility.example",
      BETTER_AUTH_SECRET: "x".repeat(40),
      SMTP_URL: "smtp://127.0.0.1:9",
    };
    delete env.NODE_ENV;
    const child = spawn("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/worker.ts"], { env: env as NodeJS.ProcessEnv });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/Unsafe configuration for production:\n {2}WEBHOOKS_ALLOW_PRIVATE: must not be 1 in production/);
  }, 60_000);
});
