import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * A local EVM node for tests and `npm run dev`: anvil from the npm registry (`@foundry-rs/anvil`,
 * whose platform package carries the native binary; DESIGN.md "Local chain" has the measurements).
 * The binary is started directly, not through the package's Node wrapper, so stopping it stops the node.
 */
export type LocalNode = { url: string; port: number; stop: () => Promise<void> };

const PLATFORMS: Record<string, string> = { linux: "linux", darwin: "darwin", win32: "win32" };
const ARCHES: Record<string, string> = { x64: "amd64", arm64: "arm64" };

/** The anvil binary of this platform, or an error saying why there is none. */
export function anvilBinary(): string {
  const platform = PLATFORMS[process.platform];
  const arch = ARCHES[process.arch];
  if (!platform || !arch) throw new Error(`anvil has no binary for ${process.platform}/${process.arch}`);
  const require = createRequire(import.meta.url);
  const manifest = require.resolve(`@foundry-rs/anvil-${platform}-${arch}/package.json`);
  return path.join(path.dirname(manifest), "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
}

export type LocalNodeOptions = {
  /** 0 (the default): a free port the system picks. */
  port?: number;
  /** Seconds between blocks; unset, a block per transaction. */
  blockTime?: number;
  /** How long to wait for the node to listen. */
  startTimeoutMs?: number;
};

/** Starts anvil on 127.0.0.1 (chain id 31337, Hardhat's deterministic accounts) and resolves once it listens. */
export function startLocalNode(options: LocalNodeOptions = {}): Promise<LocalNode> {
  const args = ["--host", "127.0.0.1", "--port", String(options.port ?? 0), "--chain-id", "31337"];
  if (options.blockTime) args.push("--block-time", String(options.blockTime));
  let child: ChildProcess;
  try {
    child = spawn(anvilBinary(), args, { stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`anvil did not listen within ${options.startTimeoutMs ?? 15_000} ms: ${output.slice(-300)}`));
    }, options.startTimeoutMs ?? 15_000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      // Keep draining its output, so a chatty node never blocks on a full pipe.
      child.stdout?.resume();
      const port = Number(match[1]);
      resolve({ url: `http://127.0.0.1:${port}`, port, stop });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`anvil did not start: ${error.message}`));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited (${code}) before listening: ${output.slice(-300)}`));
    });
  });
}
