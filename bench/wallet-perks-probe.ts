import { benchWallets } from "./wallet-perks-wallets";
import { sql } from "drizzle-orm";
import { findOrCreateAccount } from "@/lib/auth/accounts";
import { createApiKey } from "@/lib/auth/api-keys";
import { CHAINS, chainKeyOf } from "@/lib/schemas/chains";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";

/**
 * The wallet-perks bench's work inside one store (run by bench/wallet-perks.ts, which seeds the
 * collections): index rows inserted directly, as a sync would leave them, then the API route's
 * handler called in-process for varied wallets, and the health route's and the perk search's
 * through the same pipeline beside it. Prints JSON.
 *
 * Every contract a collection names on a chain of the table is Synced with three holders; each
 * bench wallet holds 1 to 3 tokens of `--held` random synced contracts.
 */
const [walletsArg = "20", heldArg = "200", samplesArg = "200"] = process.argv.slice(2);
const WALLETS = Number(walletsArg);
const HELD = Number(heldArg);
const SAMPLES = Number(samplesArg);
const wallets = benchWallets(WALLETS);

const db = await getDb();
const synced = CHAINS.filter((chain) => chain.label !== "Localhost");
const [seeded] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM chain_holdings WHERE holder = ${wallets[0]}`);
const indexStarted = performance.now();
if (!seeded?.n) {
  const chainId = sql.join(
    synced.map((chain) => sql`WHEN ${chainKeyOf(chain)} THEN ${chain.id}::int`),
    sql` `,
  );
  const keys = sql.join(
    synced.map((chain) => sql`${chainKeyOf(chain)}`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO chain_contracts (chain_key, address, chain_id, status, start_block, cursor_block, cursor_hash, standard, minted, holders, synced_at)
    SELECT key, address, CASE key ${chainId} END, 'Synced', 0, 21000000, '0x' || repeat('ab', 32), 'ERC721', 3, 3, now()
      FROM (SELECT DISTINCT lower(btrim(data ->> 'ContractChain')) AS key, lower(data ->> 'ContractAddress') AS address FROM collections) named
     WHERE key IN (${keys}) AND address ~ '^0x[0-9a-f]{40}$'
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO chain_holdings (chain_key, address, token_id, holder, amount)
    SELECT chain_key, address, token, '0x' || substr(md5(address || token), 1, 32) || substr(md5(token || address), 1, 8), 1
      FROM chain_contracts, generate_series(1, 3) AS token
    ON CONFLICT DO NOTHING`);
  for (const wallet of wallets) {
    await db.execute(sql`
      INSERT INTO chain_holdings (chain_key, address, token_id, holder, amount)
      SELECT chain_key, address, 1000 + floor(random() * 1000000)::int, ${wallet}, 1 + floor(random() * 3)::int
        FROM (SELECT chain_key, address FROM chain_contracts ORDER BY random() LIMIT ${HELD}) picked
      ON CONFLICT DO NOTHING`);
  }
}
// As autovacuum leaves a settled store: statistics, and the visibility map index-only scans need.
await db.execute(sql`VACUUM ANALYZE chain_contracts, chain_holdings, perks`);
const indexSeconds = (performance.now() - indexStarted) / 1000;
const [facts] = await queryRows<{ collections: number; contracts: number; holdings: number; open: number }>(
  db,
  sql`SELECT (SELECT count(*)::int FROM collections) AS collections, (SELECT count(*)::int FROM chain_contracts) AS contracts,
             (SELECT count(*)::int FROM chain_holdings) AS holdings,
             (SELECT count(*)::int FROM perks WHERE data ->> 'TokensRequired' = '0') AS open`,
);

const account = await findOrCreateAccount("bench@example.com", { verified: true });
const { key } = await createApiKey(account.id, "wallet bench", { replaceSameLabel: true });
const { GET: walletRoute } = await import("@/app/api-gateway/wallets/[address]/perks/route");
const { GET: healthRoute } = await import("@/app/api/health/route");
const { GET: perksRoute } = await import("@/app/api-gateway/perks/route");

const call = (wallet: string, query: string) =>
  walletRoute(
    new Request(`http://localhost/api-gateway/wallets/${wallet}/perks${query}`, {
      headers: { authorization: `Bearer ${key}`, "x-forwarded-for": "10.9.9.9" },
    }),
    { params: Promise.resolve({ address: wallet }) },
  );

async function timed(run: () => Promise<Response> | Response): Promise<{ ms: number; body: { NumPages?: number; Docs?: unknown[] } }> {
  const started = performance.now();
  const response = await run();
  const body = (await response.json()) as { NumPages?: number; Docs?: unknown[]; error?: string };
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]! * 10) / 10;
};

async function series(query: string) {
  for (let index = 0; index < 10; index += 1) await timed(() => call(wallets[index % WALLETS]!, query));
  const times: number[] = [];
  let pages = 0;
  for (let index = 0; index < SAMPLES; index += 1) {
    const { ms, body } = await timed(() => call(wallets[index % WALLETS]!, query));
    times.push(ms);
    pages = body.NumPages ?? 0;
  }
  return { p50: percentile(times, 0.5), p90: percentile(times, 0.9), numPages: pages };
}

const health: number[] = [];
for (let index = 0; index < SAMPLES; index += 1) health.push((await timed(() => healthRoute())).ms);
// The perk search through the same pipeline, a different page each time: the line to compare with.
const perkSearch: number[] = [];
for (let index = 0; index < SAMPLES; index += 1) {
  const request = new Request(`http://localhost/api-gateway/perks?category=Events&pageNum=${1 + (index % 50)}`, {
    headers: { authorization: `Bearer ${key}`, "x-forwarded-for": "10.9.9.9" },
  });
  perkSearch.push((await timed(() => perksRoute(request, { params: Promise.resolve({}) }))).ms);
}
const lines = {
  facts,
  indexSeconds: Math.round(indexSeconds * 10) / 10,
  health: { p50: percentile(health, 0.5) },
  perkSearch: { p50: percentile(perkSearch, 0.5), p90: percentile(perkSearch, 0.9) },
  page1: await series(""),
  page3: await series("?pageNum=3"),
  category: await series("?category=Events"),
};
console.log(JSON.stringify(lines));
await closeDb();
