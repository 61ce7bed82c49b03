import { spawn } from "node:child_process";
import { productionServer } from "../scripts/production-server";
import { startApp, type Server } from "./servers";
import type { Store } from "./stores";

/**
 * The ways a deployment runs the production server (docs/deployment.md): `npm start` with its
 * defaults, the background queues (webhooks, chain sync) in the server's own process; or the
 * server with IN_PROCESS_WORKERS=0 and an `npm run worker` process beside it.
 */
export const DEPLOYMENTS = {
  "in-process": "npm start's defaults: the background workers in the server's process",
  "worker-process": "IN_PROCESS_WORKERS=0, an `npm run worker` process beside the server",
} as const;
export type Deployment = keyof typeof DEPLOYMENTS;

/** The deployments a `--deployments a,b` option names; a worker process needs PostgreSQL, as in production. */
export function deploymentsOf(option: string, store: Store): Deployment[] {
  const names = option.split(",").map((name) => name.trim());
  for (const name of names) {
    if (!(name in DEPLOYMENTS)) throw new Error(`--deployments: unknown ${name}; known: ${Object.keys(DEPLOYMENTS).join(", ")}`);
  }
  // The embedded store belongs to one process: IN_PROCESS_WORKERS=0 is refused there.
  const runnable = (names as Deployment[]).filter((name) => name === "in-process" || store.name === "postgres");
  if (runnable.length < names.length)
    console.error("  [worker-process] not run: on PGlite the server runs the workers itself (IN_PROCESS_WORKERS=0 needs DATABASE_URL)");
  return runnable;
}

/** `npm run worker` with the server's settings; `stop` fails if it ended before it was asked to. */
export function startWorkerProcess(port: number, env: Record<string, string>): { stop: () => Promise<void> } {
  const { NODE_OPTIONS: _serverHeapFlags, ...settings } = productionServer(port, env).env;
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/worker.ts"], {
    env: { ...process.env, ...settings },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        process.off("exit", kill);
        if (child.exitCode !== null || child.signalCode !== null)
          return reject(new Error(`the worker process ended during the run (exit code ${child.exitCode}, signal ${child.signalCode})`));
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** The production server as `deployment` runs it, answering /api/ready (or `readyPath`) before it returns. */
export async function startDeployment(
  deployment: Deployment,
  port: number,
  env: Record<string, string>,
  options: { readyPath?: string } = {},
): Promise<Server> {
  if (deployment === "in-process") return startApp(port, env, options);
  const worker = startWorkerProcess(port, env);
  const server = await startApp(port, { ...env, IN_PROCESS_WORKERS: "0" }, options).catch(async (error: unknown) => {
    await worker.stop().catch(() => {});
    throw error;
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await worker.stop();
    },
  };
}

/** A configuration's report, its one-line summary, and whether every answer was as expected. */
export type Outcome = { text: string; line: string; ok: boolean };

/**
 * Runs each deployment in turn, printing its report as it ends; one that fails to start or run is a
 * failed line of the summary, not the end of the run. Answers the summary by configuration, the whole report, and
 * whether every configuration passed.
 */
export async function runDeployments(
  deployments: Deployment[],
  run: (deployment: Deployment) => Promise<Outcome>,
): Promise<{ byConfiguration: string; report: string; ok: boolean }> {
  const outcomes: Outcome[] = [];
  for (const deployment of deployments) {
    const outcome = await run(deployment).catch((error: unknown): Outcome => ({
      text: "",
      ok: false,
      line: `[${deployment}] failed: ${(error as Error).message}`,
    }));
    outcomes.push(outcome);
    if (outcome.text) console.log(`${outcome.text}\n`);
  }
  const byConfiguration = ["By configuration:", ...outcomes.map((outcome) => `- ${outcome.line}`)].join("\n");
  const report = [...outcomes.map((outcome) => outcome.text).filter(Boolean), byConfiguration].join("\n\n");
  return { byConfiguration, report, ok: outcomes.every((outcome) => outcome.ok) };
}
