import net from "node:net";
import { afterAll } from "vitest";
import { closeDb } from "@/lib/db/client";

/**
 * A TCP relay to a real server that a test can cut and restore, to play a database that goes
 * away (every open connection dropped, new ones refused) and comes back.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const open = new Set<net.Socket>();
  let up = true;
  let trigger: RegExp | null = null;
  let deliverThenDrop: RegExp | null = null;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => {});
    }
    upstream.pipe(client);
    client.on("data", (chunk: Buffer) => {
      // A statement matching the trigger never reaches the server: the connection drops just before it.
      if (trigger?.test(chunk.toString("latin1"))) {
        trigger = null;
        cutAll();
        return;
      }
      // This one reaches the server, but its connection drops before any reply can come back.
      if (deliverThenDrop?.test(chunk.toString("latin1"))) {
        deliverThenDrop = null;
        upstream.end(chunk);
        client.destroy();
        return;
      }
      upstream.write(chunk);
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const cutAll = () => {
    up = false;
    for (const socket of open) socket.destroy();
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut: cutAll,
    /** Cuts every connection when a client next sends a statement matching `pattern`. */
    cutOn(pattern: RegExp) {
      trigger = pattern;
    },
    /**
     * Delivers the next statement matching `pattern` to the server, then drops that one connection
     * before its reply arrives (other connections, and new ones, keep working): the client cannot
     * tell whether the statement ran.
     */
    dropReplyTo(pattern: RegExp) {
      deliverThenDrop = pattern;
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * For tests of a lost database connection: on PostgreSQL, puts a relay between this test file and
 * its server, points DATABASE_URL at the relay and closes it after the file; on the embedded
 * store, which lives in this process and cannot become unreachable, null (the file skips).
 * Call at the top of the file, before anything opens the database.
 */
export async function relayDatabase(): Promise<Awaited<ReturnType<typeof startTcpProxy>> | null> {
  const target = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
  if (!target) return null;
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(target);
  viaProxy.port = String(proxy.port);
  process.env.DATABASE_URL = viaProxy.toString();
  afterAll(async () => {
    proxy.restore();
    // The relay closes once every connection through it has: the pool's idle ones time out, but
    // the pipelined read connections stay open until the database is closed.
    await closeDb();
    await proxy.close();
  });
  return proxy;
}
