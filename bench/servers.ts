import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

const running = new Set<ChildProcess>();

/** Stops every server still running (the runner is exiting or was interrupted). */
export function killAll(): void {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  running.clear();
}

export type Server = {
  url: string;
  child: ChildProcess;
  peakRssMb: () => number;
  /** Resident memory of the server's process tree now, in MB. */
  rssMb: () => number;
  /** Starts a new peak-memory measurement (the kernel's high-water mark is reset). */
  resetPeak: () => void;
  stop: () => Promise<void>;
};

/** Every process in the tree under `pid` (next start may run its server in a child). */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    try {
      const children = fs.readFileSync(`/proc/${tree[i]}/task/${tree[i]}/children`, "utf8").trim();
      if (children) tree.push(...children.split(/\s+/).map(Number));
    } catch {
      // The process has gone.
    }
  }
  return tree;
}

/** A memory figure of /proc/<pid>/status (VmHWM: peak, VmRSS: now) summed over the process tree, in MB. */
function treeMemory(pid: number, field: "VmHWM" | "VmRSS"): number {
  let total = 0;
  for (const member of processTree(pid)) {
    try {
      const match = fs.readFileSync(`/proc/${member}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
      if (match) total += Number(match[1]) / 1024;
    } catch {
      // The process has gone.
    }
  }
  return total;
}

const peakRss = (pid: number) => treeMemory(pid, "VmHWM");

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

/** Writing 5 to clear_refs resets VmHWM (Linux, own processes). */
function resetPeakRss(pid: number): void {
  for (const member of processTree(pid)) {
    try {
      fs.writeFileSync(`/proc/${member}/clear_refs`, "5");
    } catch {
      // Not permitted or gone: the peak then covers the whole run.
    }
  }
}

function start(command: string, args: string[], env: Record<string, string>, url: string, readyPath: string): Promise<Server> {
  // Its own process group, so stopping it also stops whatever it started (next start's server).
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  running.add(child);
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  let peak = 0;
  const sampler = setInterval(() => {
    if (child.pid) peak = Math.max(peak, peakRss(child.pid));
  }, 250);
  const server: Server = {
    url,
    child,
    peakRssMb: () => Math.max(peak, child.pid ? peakRss(child.pid) : 0),
    rssMb: () => (child.pid ? treeMemory(child.pid, "VmRSS") : 0),
    resetPeak: () => {
      peak = 0;
      if (child.pid) resetPeakRss(child.pid);
    },
    stop: async () => {
      clearInterval(sampler);
      running.delete(child);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        signalGroup("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      }
      signalGroup("SIGKILL");
    },
  };
  return waitFor(`${url}${readyPath}`, child).then(
    () => server,
    async (error) => {
      await server.stop();
      throw error;
    },
  );
}

/** `next start` on the production build, with the store's environment. */
export function startApp(port: number, env: Record<string, string>): Promise<Server> {
  // The same heap cap as `npm start`: V8 otherwise grows the heap lazily under load (435 MB
  // measured without it, under 200 MB with it, at the same throughput).
  const appEnv = { ...env, NODE_OPTIONS: `--max-old-space-size=256 ${process.env.NODE_OPTIONS ?? ""}`, NODE_ENV: "production", RATE_LIMIT_SEARCH_PER_MINUTE: "100000000", RATE_LIMIT_CREATE_PER_MINUTE: "100000000" };
  return start(process.execPath, ["node_modules/next/dist/bin/next", "start", "--port", String(port), "--hostname", "127.0.0.1"], appEnv, `http://127.0.0.1:${port}`, "/api/health");
}

/** A bare node:http server answering a fixed 2 KB JSON body: what this machine can do at all. */
export function startBareNode(port: number): Promise<Server> {
  const code = `
    const body = JSON.stringify({ NumPages: 1, Docs: [{ Title: "x".repeat(1990) }] });
    require("node:http").createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  return start(process.execPath, ["-e", code], {}, `http://127.0.0.1:${port}`, "/");
}

/** Stops every started server when the runner exits or is interrupted, then builds unless told not to. */
export function prepareRun(skipBuild: boolean): void {
  process.on("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      killAll();
      process.exit(130);
    });
  }
  if (!skipBuild) execFileSync("npx", ["next", "build"], { stdio: ["ignore", "ignore", "inherit"] });
}

/** Keeps a run's report in bench/results (ignored by git), named by its start time. */
export function saveReport(prefix: string, text: string): void {
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(`bench/results/${prefix}${new Date().toISOString().replace(/[:.]/g, "-")}.md`, `${text}\n`);
}
