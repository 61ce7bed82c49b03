import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import net from "node:net";
import pg from "pg";

/**
 * The one way tests, the benchmark and the audit run the production server: what `npm start`
 * runs (server.mjs, with its heap cap), on 127.0.0.1, in a process group of its own, ready once
 * its readiness route answers (migrated and warm), stopped with everything it started.
 */

export type Settings = Record<string, string | undefined>;

/** One secret per test or bench run: production refuses to start without one. */
const RUN_SECRET = randomBytes(32).toString("hex");

/** The V8 flags `npm start` sets (package.json), so that tests and the benchmark run production's heap. */
export function startFlags(): string {
  const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
  const flags = /NODE_OPTIONS="([^"$]*?)\s*\$NODE_OPTIONS"/.exec(scripts.start)?.[1];
  if (!flags) throw new Error(`package.json's start script sets no NODE_OPTIONS: ${scripts.start}`);
  return flags;
}

/**
 * With CPU_PROFILE_DIR set, the server writes a V8 CPU profile there when it exits: Node refuses
 * `--cpu-prof` in NODE_OPTIONS, so it goes on the command line (docs/performance.md, "Profiling").
 */
const profileFlags = (dir = process.env.CPU_PROFILE_DIR): string[] => (dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : []);

/** The command, arguments and settings of `npm start` on `port`. */
export function productionServer(port: number | string, env: Settings = {}): { command: string; args: string[]; env: Settings } {
  return {
    command: process.execPath,
    args: [...profileFlags(), "server.mjs", "--port", String(port), "--hostname", "127.0.0.1"],
    env: {
      BETTER_AUTH_SECRET: RUN_SECRET,
      BETTER_AUTH_URL: `http://127.0.0.1:${port}`,
      // Production requires a mail server; runs that read the mail (e2e) pass their own.
      SMTP_URL: "smtp://127.0.0.1:2539",
      ...env,
      NODE_ENV: "production",
      NODE_OPTIONS: `${startFlags()} ${env.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? ""}`.trim(),
    },
  };
}

export type RunningServer = {
  url: string;
  child: ChildProcess;
  /** What the server printed so far (only when started with `capture`). */
  output: () => string;
  /** Its exit code once it has exited. */
  exited: Promise<number | null>;
  /** Waits for its readiness route (or `path`) to answer 2xx; fails at once if it exits first. */
  ready: (options?: { path?: string; timeoutMs?: number }) => Promise<void>;
  /** SIGTERM to its process group, SIGKILL to what is left after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
};

type StartOptions = {
  /** Replaces server.mjs's command line (the bench's bare node:http floor, or `next start`). */
  command?: { command: string; args: string[] };
  /** Keep stdout and stderr for `output()`; otherwise stderr goes to ours and stdout is dropped. */
  capture?: boolean;
  /** Start from an empty environment (PATH and HOME kept), so a test names every setting. */
  isolated?: boolean;
  /** Leave out productionServer's secret and URL: for start-up refusal tests. */
  noDefaults?: boolean;
};

const running = new Set<RunningServer>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    // Negative pid: the whole group, so a server's own children stop with it.
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Starts the production server on `port` with `env` over its defaults. */
export function startServer(port: number, env: Settings = {}, options: StartOptions = {}): RunningServer {
  const production = productionServer(port, env);
  const settings = options.noDefaults
    ? { ...production.env, BETTER_AUTH_SECRET: undefined, BETTER_AUTH_URL: undefined, ...env }
    : production.env;
  const base = options.isolated ? { PATH: process.env.PATH, HOME: process.env.HOME } : process.env;
  const defined = Object.fromEntries(Object.entries({ ...base, ...settings }).filter(([, value]) => value !== undefined));
  const { command, args } = options.command ?? production;
  const child = spawn(command, args, {
    env: defined as NodeJS.ProcessEnv,
    stdio: ["ignore", options.capture ? "pipe" : "ignore", options.capture ? "pipe" : "inherit"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  const server: RunningServer = {
    url,
    child,
    output: () => output,
    exited,
    ready: async ({ path = "/api/ready", timeoutMs = 120_000 } = {}) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${child.exitCode}\n${output}`);
        if (
          await fetch(`${url}${path}`).then(
            (response) => response.ok,
            () => false,
          )
        )
          return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`no answer from ${url}${path} within ${timeoutMs} ms\n${output}`);
    },
    stop: async (graceMs = 5_000) => {
      running.delete(server);
      if (child.exitCode === null && child.signalCode === null) {
        signalGroup(child, "SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
      }
      signalGroup(child, "SIGKILL");
    },
  };
  running.add(server);
  return server;
}

/** Kills every server this process started and has not stopped (the runner is exiting). */
export function killAllServers(): void {
  for (const server of running) signalGroup(server.child, "SIGKILL");
  running.clear();
}

/** Ports nothing listens on now (held together, so they differ). */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const probe = net.createServer().once("error", reject);
          probe.listen(0, "127.0.0.1", () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as net.AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

/** A new, empty database on the server of `adminUrl`, dropped (connections and all) by `drop`. */
export async function temporaryDatabase(adminUrl: string, prefix = "uds_tmp"): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
