import { parseArgs } from "node:util";
import pg from "pg";
import { findOrCreateAccount } from "@/lib/auth/accounts";
import { applyCreateRequest } from "@/lib/collections/write";
import { closeDb, getDb } from "@/lib/db/client";
import { createRequestSchema } from "@/lib/schemas/create-request";
import { collectionBody, perkBody } from "@/lib/traffic/write-bodies";

// PostgreSQL's own time and WAL per statement of an edit (docs/performance.md, "Writes"): every
// pooled connection loads auto_explain for itself (the server's settings and other databases are
// left alone) and sends its plans to this process as notices; `--nested` adds the statements of
// triggers. Edits of a collection with 5 perks, adding 5, one at a time, on DATABASE_URL.
const { values } = parseArgs({
  options: { count: { type: "string", default: "20" }, nested: { type: "boolean", default: false }, show: { type: "string" } },
});
let shown = false;
const count = Number(values.count);

type Plan = { statement: string; ms: number; wal: number };
let plans: Plan[] | null = null;
const prepared = new WeakSet<object>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (!prepared.has(this)) {
    prepared.add(this);
    this.on("notice", (notice) => {
      const text = notice.message ?? "";
      const ms = /duration: ([\d.]+) ms/.exec(text);
      if (!plans || !ms) return;
      if (values.show && !shown && text.includes(values.show)) {
        shown = true;
        console.log(text);
      }
      const statement = (/Query Text: ([\s\S]*?)\n\S/.exec(text)?.[1] ?? "?").replace(/\s+/g, " ").trim().slice(0, 90);
      plans.push({ statement, ms: Number(ms[1]), wal: Number(/WAL: .*?bytes=(\d+)/.exec(text)?.[1] ?? 0) });
    });
    const settings = [
      "LOAD 'auto_explain'",
      "SET auto_explain.log_min_duration = 0",
      "SET auto_explain.log_analyze = on",
      "SET auto_explain.log_wal = on",
      "SET auto_explain.log_buffers = on",
      "SET auto_explain.log_triggers = on",
      "SET auto_explain.log_level = notice",
      `SET auto_explain.log_nested_statements = ${values.nested ? "on" : "off"}`,
    ];
    for (const setting of settings) void (query as (text: string) => Promise<unknown>).call(this, setting);
  }
  return (query as (...args: unknown[]) => unknown).apply(this, args);
} as typeof query;

await getDb();
const account = await findOrCreateAccount("bench@example.com", { verified: true });
const actor = { userId: account.id, teamId: account.teamId, keyId: null };
const body = (id?: string) => ({
  nftData: { ...collectionBody("Explain", 1), ...(id ? { PlatformNFTId: id } : {}) },
  perkData: Array.from({ length: 5 }, () => perkBody("Explain")),
});
const write = async (submitted: Record<string, unknown>) =>
  (await applyCreateRequest(actor, createRequestSchema.parse(submitted), submitted)).nftData as { PlatformNFTId: string };

const ids: string[] = [];
for (let index = 0; index < count; index += 1) ids.push((await write(body())).PlatformNFTId);
plans = [];
for (const id of ids) await write(body(id));

const byStatement = new Map<string, { ms: number; wal: number; n: number }>();
for (const plan of plans) {
  const entry = byStatement.get(plan.statement) ?? { ms: 0, wal: 0, n: 0 };
  byStatement.set(plan.statement, { ms: entry.ms + plan.ms, wal: entry.wal + plan.wal, n: entry.n + 1 });
}
console.log(
  `per edit (mean of ${count}), ${values.nested ? "trigger statements included (counted in their parent too)" : "top-level statements"}:`,
);
for (const [statement, entry] of byStatement) {
  console.log(
    `${(entry.ms / count).toFixed(2).padStart(7)} ms ${(entry.wal / count).toFixed(0).padStart(8)} WAL B  x${entry.n / count}  ${statement}`,
  );
}
if (!values.nested) {
  const total = plans.reduce((sum, plan) => sum + plan.ms, 0) / count;
  const wal = plans.reduce((sum, plan) => sum + plan.wal, 0) / count;
  console.log(`total: ${total.toFixed(2)} ms of PostgreSQL, ${wal.toFixed(0)} WAL bytes (statements' own) per edit`);
}
await closeDb();
