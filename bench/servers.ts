import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { killAllServers, startServer } from "../scripts/production-server";

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

function start(
  port: number,
  env: Record<string, string>,
  readyPath: string,
  command?: { command: string; args: string[] },
): Promise<Server> {
  const started = startServer(port, env, { command });
  const { child } = started;
  let peak = 0;
  const sampler = setInterval(() => {
    if (child.pid) peak = Math.max(peak, peakRss(child.pid));
  }, 250);
  const server: Server = {
    url: started.url,
    child,
    peakRssMb: () => Math.max(peak, child.pid ? peakRss(child.pid) : 0),
    rssMb: () => (child.pid ? treeMemory(child.pid, "VmRSS") : 0),
    resetPeak: () => {
      peak = 0;
      if (child.pid) resetPeakRss(child.pid);
    },
    stop: async () => {
      clearInterval(sampler);
      await started.stop();
    },
  };
  return started.ready({ path: readyPath, timeoutMs: 300_000 }).then(
    () => server,
    async (error) => {
      await server.stop();
      throw error;
    },
  );
}

/**
 * The production server `npm start` runs (server.mjs), with the store's environment and the same
 * heap cap: V8 otherwise grows the heap lazily under load (435 MB measured without it, under
 * 200 MB with it, at the same throughput). `plainNext` starts `next start` instead, to measure
 * what the custom server costs.
 */
export function startApp(
  port: number,
  env: Record<string, string>,
  { plainNext = false, readyPath = "/api/ready" }: { plainNext?: boolean; readyPath?: string } = {},
): Promise<Server> {
  const nextStart = {
    command: process.execPath,
    args: ["node_modules/next/dist/bin/next", "start", "--port", String(port), "--hostname", "127.0.0.1"],
  };
  return start(
    port,
    { ...env, RATE_LIMIT_SEARCH_PER_MINUTE: "100000000", RATE_LIMIT_CREATE_PER_MINUTE: "100000000" },
    readyPath,
    plainNext ? nextStart : undefined,
  );
}

/** A bare node:http server answering a fixed 2 KB JSON body: what this machine can do at all. */
export function startBareNode(port: number): Promise<Server> {
  const code = `
    const body = JSON.stringify({ NumPages: 1, Docs: [{ Title: "x".repeat(1990) }] });
    require("node:http").createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  return start(port, {}, "/", { command: process.execPath, args: ["-e", code] });
}

/** Stops every started server when the runner exits or is interrupted, then builds unless told not to. */
export function prepareRun(skipBuild: boolean): void {
  process.on("exit", killAllServers);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      killAllServers();
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
