import "server-only";
import { sql } from "drizzle-orm";
import { getCollectionRecord } from "@/lib/collections/read";
import { databaseKind, getDb, getExecuteSql } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { leftoversProblem, loadLeftovers, repairInterruptedLoad } from "./repair";
import { env } from "@/lib/env";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { searchParamsSchema } from "@/lib/schemas/search-params";
import { searchCollections } from "@/lib/search/search";
import { processSlot } from "@/lib/process-slot";
import { log } from "@/lib/log";
import { uncounted } from "@/lib/insights/counter";
import { rehearse, selfOrigin } from "./rehearsal";

/**
 * What a fresh instance does before it takes traffic (docs/performance.md, "A fresh instance"):
 * finish what an interrupted load left (indexes, bitmaps), open its database connections and
 * prepare the search statements on each search connection. Until then `/api/ready` answers 503.
 */
type WarmUp = {
  problem: string | null;
  done: Promise<void>;
  /** Settles once the store has been looked at: the problem then says what is being done. */
  examined: Promise<void>;
  markExamined: () => void;
};

const WARMING = "warming up: opening database connections and preparing statements";
const REHEARSING = "warming up: rehearsing the expected traffic on its own port";
/** Enough requests of the mix to warm what a fresh process runs slowly; fewer left the first seconds slow (docs/decisions/105). */
const DEFAULT_REHEARSAL_REQUESTS = 300;

const warmUpSlot = processSlot<WarmUp>("warm-up.warmUp");

/** Searches of every shape the search route runs, so each prepared statement is made. */
function searchShapes(words: string[], copy: number): Record<string, string>[] {
  const [first = "club", second = "pass"] = words;
  const page = String(copy + 1);
  const category = CATEGORIES[copy % CATEGORIES.length]!;
  return [
    { pageNum: page },
    { query: first, pageNum: page },
    { query: first.slice(0, 2), pageNum: page },
    { query: `${first} ${second.slice(0, 3)}`, pageNum: page },
    { category, pageNum: page },
    { query: first, category, pageNum: page },
    { query: second, facets: "category,chain", pageNum: page },
  ];
}

/** How long each step took, for the start-up line: what a fresh instance spends its first seconds on. */
type Timings = Record<string, number>;

async function timed<T>(timings: Timings, step: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    timings[step] = Math.round(performance.now() - started);
  }
}

async function warm(state: WarmUp, timings: Timings): Promise<void> {
  const leftovers = await timed(timings, "database opened, migrated and examined", loadLeftovers);
  const repair = leftoversProblem(leftovers);
  state.problem = repair ?? WARMING;
  state.markExamined();
  if (repair) {
    const say = (text: string) => (leftovers.indexes > 0 ? log().error(text) : log().warn(text));
    say(`Start-up: ${repair}; /api/ready answers 503 until done.`);
    await timed(timings, "store repaired", () => repairInterruptedLoad(leftovers, (text) => say(`Start-up: ${text}`)));
    say("Start-up: built what the store lacked.");
  }
  state.problem = WARMING;
  const db = await getDb();
  const [recent] = await queryRows<{ id: string; title: string | null }>(
    db,
    sql`SELECT id, data->>'Title' AS title FROM collections ORDER BY lastmodified DESC LIMIT 1`,
  );
  const words = (recent?.title ?? "").toLowerCase().match(/[a-z]{3,}/g) ?? [];
  const postgres = (await databaseKind()) === "postgres";
  const { DATABASE_POOL_SIZE, SEARCH_CONNECTIONS } = env();
  // Asked at once, each statement goes to a connection of its own: the pool opens them all.
  if (postgres) {
    const execute = await getExecuteSql();
    await timed(timings, `${DATABASE_POOL_SIZE} connections opened`, () =>
      Promise.all(Array.from({ length: DATABASE_POOL_SIZE }, () => execute("SELECT 1"))),
    );
  }
  // Each search connection prepares its statements on first use: asked at once, one copy of each
  // shape a connection (distinct pages, so that the read cache does not answer them) reaches them all.
  const copies = postgres ? Math.max(1, SEARCH_CONNECTIONS) : 1;
  await timed(timings, "search statements prepared", () =>
    Promise.all(
      Array.from({ length: copies }, (_, copy) => searchShapes(words, copy))
        .flat()
        .map((shape) => uncounted(() => searchCollections(searchParamsSchema.parse(shape)))),
    ),
  );
  if (recent) await timed(timings, "retrieval", () => getCollectionRecord(recent.id));
  // The production server's own port, once it listens: what a fresh process has not yet run through
  // HTTP answers its first seconds of traffic slowly (docs/decisions/105).
  const origin = selfOrigin();
  const count = env().WARM_UP_REQUESTS ?? (postgres ? DEFAULT_REHEARSAL_REQUESTS : 0);
  if (!origin || count === 0) return;
  state.problem = REHEARSING;
  const outcome = await rehearse(await origin, count);
  const kinds = Object.entries(outcome.byKind).map(([kind, sent]) => `${sent} ${kind}`);
  timings[`rehearsal of ${outcome.sent} requests (${kinds.join(", ")})`] = outcome.ms;
  if (outcome.unexpected.length > 0) {
    const shown = [...new Set(outcome.unexpected)].slice(0, 5).join("; ");
    log().warn(`Start-up: ${outcome.unexpected.length} of ${outcome.sent} rehearsal requests were not answered as expected (${shown}).`);
  }
}

/** Starts the warm-up once per process; resolves when it has ended (failed or not). */
export function startWarmUp(): Promise<void> {
  if (warmUpSlot.value) return warmUpSlot.value.done;
  let markExamined = () => {};
  const examined = new Promise<void>((resolve) => (markExamined = resolve));
  const state: WarmUp = { problem: "warming up", done: Promise.resolve(), examined, markExamined };
  warmUpSlot.value = state;
  const started = performance.now();
  const timings: Timings = {};
  state.done = warm(state, timings).then(
    () => {
      state.problem = null;
      const steps = Object.entries(timings).map(([step, ms]) => `${step} ${ms} ms`);
      log().info(`Start-up: warm in ${Math.round(performance.now() - started)} ms (${steps.join(", ")}); taking traffic.`);
    },
    (error: unknown) => {
      // Failed (the database went away meanwhile): the next readiness check tries again.
      log().error(`Start-up: warm-up failed: ${(error as Error).message}`);
      warmUpSlot.value = undefined;
    },
  );
  void state.done.finally(markExamined);
  return state.done;
}

/**
 * Null once warm; otherwise what the instance is still doing (repairing the store, warming up),
 * starting the warm-up if nothing has.
 */
export async function warmUpProblem(): Promise<string | null> {
  if (!warmUpSlot.value) void startWarmUp();
  const state = warmUpSlot.value;
  if (!state) return "warming up";
  await state.examined;
  return state.problem;
}
