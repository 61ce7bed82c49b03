import { parseArgs } from "node:util";
import pg from "pg";
import { closeDb } from "@/lib/db/client";
import { searchCollections } from "@/lib/search/search";
import { searchParamsSchema } from "@/lib/schemas/search-params";
import { randomSource } from "../scripts/seed/zipf";
import { variedSearches } from "./search-queries";
import { storeWords } from "./store-facts-words";

// Where uncached varied searches spend the database's time: a fixed draw of the bench's varied
// searches, run one at a time with SEARCH_CACHE_MS=0, every statement then run again under
// EXPLAIN (ANALYZE, BUFFERS). Sums by kind of query and by statement shape go to stdout.
// DATABASE_URL names the store; it must be PostgreSQL.
const { values } = parseArgs({
  options: {
    searches: { type: "string", default: "200" },
    seed: { type: "string", default: "1" },
    facets: { type: "boolean", default: false },
    top: { type: "string", default: "12" },
  },
});
process.env.SEARCH_CACHE_MS = "0";

type Statement = { text: string; values: unknown[] };
const seen: Statement[] = [];
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, params] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  const text = typeof config === "string" ? config : config.text;
  const vals = typeof config === "string" ? (params ?? []) : (config.values ?? params ?? []);
  if (!/^\s*(BEGIN|COMMIT|ROLLBACK|SET|SHOW)\b/i.test(text)) seen.push({ text, values: vals });
  return original.apply(this, args);
} as typeof pg.Client.prototype.query;

const words = await storeWords();
Math.random = randomSource(Number(values.seed));
const draw = variedSearches(words);
const urls = Array.from({ length: Number(values.searches) }, () => `${draw()}${values.facets ? "&facets=category,chain" : ""}`);

function kindOf(params: URLSearchParams): string {
  const query = params.get("query") ?? "";
  const words = query.trim().split(/\s+/).length;
  return [words > 1 ? "two words" : "one term", params.has("category") ? "+ category" : "", params.has("pageNum") ? "+ later page" : ""]
    .filter(Boolean)
    .join(" ");
}

const explainer = new pg.Client({ connectionString: process.env.DATABASE_URL });
await explainer.connect();
await explainer.query("SET jit = off");
type Sum = { n: number; statements: number; ms: number; planMs: number; buffers: number; wallMs: number };
const byKind = new Map<string, Sum>();
const byShape = new Map<string, Sum>();
const add = (map: Map<string, Sum>, key: string, part: Partial<Sum>) => {
  const sum = map.get(key) ?? { n: 0, statements: 0, ms: 0, planMs: 0, buffers: 0, wallMs: 0 };
  for (const [name, value] of Object.entries(part) as [keyof Sum, number][]) sum[name] += value;
  map.set(key, sum);
};

async function explain(statement: Statement): Promise<{ ms: number; planMs: number; buffers: number }> {
  const result = await original.call(explainer, `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`, statement.values);
  const [plan] = (
    result as { rows: { "QUERY PLAN": [{ Plan: Record<string, number>; "Execution Time": number; "Planning Time": number }] }[] }
  ).rows[0]!["QUERY PLAN"];
  return {
    ms: plan["Execution Time"],
    planMs: plan["Planning Time"],
    buffers: (plan.Plan["Shared Hit Blocks"] ?? 0) + (plan.Plan["Shared Read Blocks"] ?? 0),
  };
}

for (const pass of [1, 2]) {
  for (const url of urls) {
    const params = new URL(url, "http://x").searchParams;
    const parsed = searchParamsSchema.parse(Object.fromEntries(params));
    seen.length = 0;
    const started = performance.now();
    await searchCollections(parsed);
    const wallMs = performance.now() - started;
    if (pass === 1) continue; // warm the cache of pages first
    const kind = kindOf(params);
    let ms = 0;
    let planMs = 0;
    let buffers = 0;
    for (const statement of [...seen]) {
      const figures = await explain(statement);
      ms += figures.ms;
      planMs += figures.planMs;
      buffers += figures.buffers;
      const shape = statement.text.replace(/\s+/g, " ").slice(0, 110);
      add(byShape, shape, { n: 1, statements: 1, ms: figures.ms, planMs: figures.planMs, buffers: figures.buffers });
    }
    add(byKind, kind, { n: 1, statements: seen.length, ms, planMs, buffers, wallMs });
    add(byKind, "all", { n: 1, statements: seen.length, ms, planMs, buffers, wallMs });
  }
}

const table = (title: string, map: Map<string, Sum>, limit = Infinity) => {
  console.log(`\n| ${title} | n | statements | execution ms | planning ms | buffers | wall ms |\n|---|---:|---:|---:|---:|---:|---:|`);
  for (const [key, sum] of [...map].sort((a, b) => b[1].ms - a[1].ms).slice(0, limit)) {
    console.log(
      `| ${key} | ${sum.n} | ${sum.statements} | ${sum.ms.toFixed(1)} | ${sum.planMs.toFixed(1)} | ${sum.buffers} | ${sum.wallMs.toFixed(1)} |`,
    );
  }
};
table("kind", byKind);
table("statement", byShape, Number(values.top));
await explainer.end();
await closeDb();
