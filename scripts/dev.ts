import { spawn } from "node:child_process";
import { count } from "drizzle-orm";
import { createApiKey } from "@/lib/auth/api-keys";
import { DEMO_BESIDE_PARTNERS, ensureDemoAccount } from "@/lib/auth/demo-account";
import { DEMO_ACCOUNT } from "@/lib/auth/demo-credentials";
import { closeDb, databaseKind, getDb } from "@/lib/db/client";
import { collections } from "@/lib/db/schema";
import { seedCollections } from "./seed/seed";

const DEMO_COLLECTIONS = 300;
const port = process.env.PORT ?? "3000";

// Migrate, fill an empty store with demo data, set the demo password and mint a demo key, then
// hand the (embedded) database over to the Next.js dev server: PGlite allows one process at a time.
const db = await getDb();
const [row] = await db.select({ total: count() }).from(collections);
let key: string | null = null;
try {
  if ((row?.total ?? 0) === 0) {
    console.log(`Empty store: adding ${DEMO_COLLECTIONS} demo collections…`);
    await seedCollections(DEMO_COLLECTIONS);
  }
  const demo = await ensureDemoAccount();
  key = (await createApiKey(demo.id, "dev start-up", { replaceSameLabel: true })).key;
} catch (error) {
  // A store with partners' own accounts gets no demo account: its password is published.
  if (!(error instanceof Error && error.message === DEMO_BESIDE_PARTNERS)) throw error;
  console.log(`${DEMO_BESIDE_PARTNERS}
Starting without the demo account.`);
}
const kind = await databaseKind();
await closeDb();

if (key)
  console.log(`
  Utility Data Service (dev, ${kind} store)
  App:           http://localhost:${port}
  Portal:        http://localhost:${port}/portal
  Demo account:  ${DEMO_ACCOUNT.email}
  Demo password: ${DEMO_ACCOUNT.password}
  Demo API key:  ${key}

  curl -H "Authorization: Bearer ${key}" "http://localhost:${port}/api-gateway/search?query=club&category=Merch"
`);

const child = spawn("next", ["dev", "--port", port], { stdio: "inherit", shell: process.platform === "win32" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
