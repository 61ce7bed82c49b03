import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

/**
 * How long `npm run dev` takes before a person's first page answers, and until it says "Ready to
 * use", on a fresh store; `--fresh` also drops the dev server's compile cache (.next/dev), as in a
 * fresh clone. Then the first visits of the main routes after "Ready to use". Reported, never
 * asserted; the load average is printed beside, since the machine's other work moves every figure.
 */
const { values } = parseArgs({ options: { port: { type: "string", default: "3200" }, fresh: { type: "boolean", default: false } } });
const port = values.port;
const origin = `http://127.0.0.1:${port}`;
const AFTER_READY = ["/perks", "/portal/sign-in", "/portal/collections", "/api/search?query=club", "/docs"];
if (values.fresh) fs.rmSync(".next/dev", { recursive: true, force: true });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uds-bench-dev-"));
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
const began = performance.now();
const since = () => (performance.now() - began) / 1000;

const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, PGLITE_DIR: path.join(dir, "pglite") };
delete env.DATABASE_URL;
const child = spawn("npm", ["run", "dev"], { env, detached: true, stdio: ["ignore", "pipe", "inherit"] });
let output = "";
child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
const stop = () => {
  if (child.pid) process.kill(-child.pid, "SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

console.log(`load average at start: ${load()}${values.fresh ? " (no compile cache)" : ""}`);
let firstPage: number | undefined;
while (firstPage === undefined) {
  try {
    const answer = await fetch(`${origin}/`, { signal: AbortSignal.timeout(600_000) });
    await answer.arrayBuffer();
    if (answer.ok) firstPage = since();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
console.log(`first page answered: ${firstPage.toFixed(1)} s after npm run dev (load ${load()})`);
while (!/\] Ready to use/.test(output)) await new Promise((resolve) => setTimeout(resolve, 250));
console.log(`"Ready to use": ${since().toFixed(1)} s (load ${load()})`);
for (const route of AFTER_READY) {
  const start = performance.now();
  const answer = await fetch(`${origin}${route}`, { redirect: "manual" });
  await answer.arrayBuffer();
  console.log(`  then ${route}: ${answer.status} in ${((performance.now() - start) / 1000).toFixed(2)} s`);
}
const steps = output.split("\n").filter((line) => /^\[\s*\d/.test(line) && !line.includes("next:"));
console.log(`\nnpm run dev's own lines:\n${steps.join("\n")}`);
stop();
