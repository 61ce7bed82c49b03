import { spawn } from "node:child_process";
import readline from "node:readline";
import { count } from "drizzle-orm";
import { createApiKey } from "@/lib/auth/api-keys";
import { DEMO_BESIDE_PARTNERS, ensureDemoAccount } from "@/lib/auth/demo-account";
import { closeDb, databaseKind, getDb } from "@/lib/db/client";
import { collections } from "@/lib/db/schema";
import { holdStoreLock } from "@/lib/db/store-lock";
import { env } from "@/lib/env";
import { addDemoCollections, startDevChain } from "./dev-chain";
import { banner } from "./dev/banner";
import { plainLogLine } from "./dev/plain-log-line";
import { devClock } from "./dev/steps";
import { waitForPort } from "./dev/wait-for-port";
import { warmRoutes, warmUp } from "./dev/warm-up";
import { seedCollections } from "./seed/seed";

const DEMO_COLLECTIONS = 300;
const port = Number(process.env.PORT ?? 3000);
const origin = `http://localhost:${port}`;
const clock = devClock();

// The dev server starts at once and compiles the first pages while this process prepares the
// store: PGlite allows one process at a time, so the server waits for the store (its requests
// wait with it) until this process closes it. Each step prints a timed line; steps that do not
// depend on each other run side by side.
// The local chain first: it sets CHAIN_RPC_LOCALHOST, which this process and the server read.
const chain = await clock.step("Local chain (anvil) and demo contracts", () => startDevChain());
clock.log(chain.line);
const { DATABASE_URL, PGLITE_DIR } = env();
// Held before the server exists, so it can only ever wait for this process; closing the store
// (the last step) releases it.
if (!DATABASE_URL && !PGLITE_DIR.startsWith("memory://")) {
  try {
    holdStoreLock(PGLITE_DIR);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
clock.log(`Starting the Next.js dev server on port ${port}`);
const child = spawn("next", ["dev", "--port", String(port)], {
  stdio: ["inherit", "pipe", "pipe"],
  env: { ...process.env, PGLITE_WAIT_FOR_LOCK: "1" },
  shell: process.platform === "win32",
});
let running = true;
const stopped = new AbortController();
// Next's own lines get the same clock, so its compile lines sit in order with the steps'; the
// server's JSON log lines are printed in words (an invitation's link among them).
for (const stream of [child.stdout!, child.stderr!]) {
  readline.createInterface({ input: stream }).on("line", (line) => clock.log(`next: ${plainLogLine(line)}`));
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => {
  running = false;
  stopped.abort();
  process.exit(code ?? process.exitCode ?? 0);
});

type Prepared = { key: string | null; sample: string | null; kind: string };

async function prepareStore(): Promise<Prepared> {
  const db = await clock.step("Opening the database and applying migrations", () => getDb());
  const [row] = await db.select({ total: count() }).from(collections);
  if ((row?.total ?? 0) === 0) {
    await clock.step(`Empty store: adding ${DEMO_COLLECTIONS} demo collections`, () =>
      seedCollections(DEMO_COLLECTIONS, { imageOrigin: origin }),
    );
  }
  const key = await clock.step("Demo account and a fresh demo API key", async () => {
    try {
      const demo = await ensureDemoAccount();
      return (await createApiKey(demo.id, "dev start-up", { replaceSameLabel: true })).key;
    } catch (error) {
      // A store with partners' own accounts gets no demo account: its password is published.
      if (!(error instanceof Error && error.message === DEMO_BESIDE_PARTNERS)) throw error;
      clock.log(`${DEMO_BESIDE_PARTNERS} Starting without the demo account.`);
      return null;
    }
  });
  if (chain.addresses.length > 0) await clock.step("Demo collections on the local chain", () => addDemoCollections(chain.addresses));
  const [sample] = await db.select({ id: collections.id }).from(collections).limit(1);
  const kind = await databaseKind();
  await clock.step("Handing the database over to the dev server", () => closeDb());
  return { key, sample: sample?.id ?? null, kind };
}

const listening = clock.step("Waiting for the dev server to listen", () => waitForPort(port, () => running));
const prepared = prepareStore().catch((error: unknown) => {
  clock.log(`Could not prepare the store: ${error instanceof Error ? error.message : String(error)}`);
  child.kill("SIGTERM");
  process.exitCode = 1;
  return null;
});
// The home page first: its compilation starts now, and a visitor's request for it shares it.
await listening;
const home = warmUp(origin, [{ path: "/" }], clock, stopped.signal);
const store = await prepared;
if (store) {
  console.log(banner({ origin, kind: store.kind, key: store.key, holder: chain.holder }));
  const began = clock.seconds();
  const failed = [
    ...(await home),
    ...(await warmUp(
      origin,
      warmRoutes(store.sample, store.key).filter((route) => route.path !== "/"),
      clock,
      stopped.signal,
    )),
  ];
  if (running) {
    const took = `${(clock.seconds() - began).toFixed(0)} s`;
    clock.log(
      failed.length
        ? `Ready to use at ${origin}, except that ${failed.join(", ")} could not be compiled ahead (warm-up took ${took}).`
        : `Ready to use: ${origin} (the main pages and API routes are compiled; warm-up took ${took}).`,
    );
  }
}
