import { parseArgs } from "node:util";
import { faker } from "@faker-js/faker";
import { SingleBar, Presets } from "cli-progress";
import { closeDb, databaseKind } from "@/lib/db/client";
import { seedCollections } from "./seed/seed";

const { values } = parseArgs({
  options: { count: { type: "string", default: "500" }, seed: { type: "string" } },
});
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error("Usage: npm run db:seed -- --count N [--seed S]   (N from 1 to 1,000,000)");
  process.exit(2);
}
if (values.seed !== undefined) faker.seed(Number(values.seed));

const bar = new SingleBar(
  {
    format: "Seeding [{bar}] {percentage}% | {value}/{total} collections | {duration_formatted} | ETA {eta_formatted}",
    stream: process.stderr,
  },
  Presets.shades_classic,
);
const started = performance.now();
// Ctrl-C (or a timeout's SIGINT to the group): the rows stored so far stay, without their indexes
// or bitmaps; the next seed, or the server's start before it answers ready, builds those.
process.once("SIGINT", () => {
  bar.stop();
  console.error(
    "Interrupted: the store is unfinished (indexes and search bitmaps may be missing); the next seed or server start builds them before it is ready.",
  );
  process.exit(130);
});
bar.start(count, 0);
try {
  let loaded = false;
  await seedCollections(count, {
    stored: (done) => bar.update(done),
    step: (text) => {
      if (!loaded) bar.stop();
      loaded = true;
      console.error(`${text} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    },
  });
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  console.error(`Seeded ${count} collections on ${await databaseKind()} in ${seconds.toFixed(1)} s.`);
} catch (error) {
  bar.stop();
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
