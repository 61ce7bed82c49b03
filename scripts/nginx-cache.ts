import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * The repository's nginx configuration (deploy/nginx/uds-cache.conf) run as tests and the bench
 * run it: Debian's nginx, in the foreground, with its own prefix, configuration, cache and logs in
 * a temporary directory, listening on 127.0.0.1:`port` in front of `upstream`.
 */
export const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const SITE_CONFIG = new URL("../deploy/nginx/uds-cache.conf", import.meta.url);

export type RunningNginx = { url: string; dir: string; stop: () => Promise<void>; errors: () => string };

/** The main configuration: everything nginx would otherwise write under /var goes to `dir`. */
function mainConfig(dir: string): string {
  const temp = (name: string) => path.join(dir, name);
  return [
    // A root master would hand the workers to `nobody`, who cannot write a 0700 temporary directory.
    process.getuid?.() === 0 ? "user root;" : "",
    "worker_processes 1;",
    "daemon off;",
    `pid ${temp("nginx.pid")};`,
    `error_log ${temp("error.log")} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    `  client_body_temp_path ${temp("client_body")};`,
    `  proxy_temp_path ${temp("proxy")};`,
    `  fastcgi_temp_path ${temp("fastcgi")};`,
    `  uwsgi_temp_path ${temp("uwsgi")};`,
    `  scgi_temp_path ${temp("scgi")};`,
    `  include ${temp("uds-cache.conf")};`,
    "}",
  ].join("\n");
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** Starts nginx; resolves once it accepts connections, fails if it exits first (with its error log). */
export async function startNginxCache(port: number, upstream: string): Promise<RunningNginx> {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX} (apt-get install nginx)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uds-nginx-"));
  const site = fs
    .readFileSync(SITE_CONFIG, "utf8")
    .replaceAll("@CACHE_DIR@", path.join(dir, "cache"))
    .replaceAll("@UPSTREAM@", upstream)
    .replaceAll("@LISTEN@", `127.0.0.1:${port}`);
  fs.writeFileSync(path.join(dir, "uds-cache.conf"), site);
  fs.writeFileSync(path.join(dir, "nginx.conf"), mainConfig(dir));
  const errors = () => (fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : "");
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let gone = false;
  void exited.then(() => (gone = true));
  // Each try is a connection nginx either accepts or refuses: no fixed wait.
  while (!(await accepting(port))) {
    if (gone) throw new Error(`nginx exited before listening on ${port}:\n${errors()}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    errors,
    stop: async () => {
      if (!gone) child.kill("SIGQUIT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
