import net from "node:net";

/**
 * A TCP relay to a real server that a test can cut and restore, to play a database that goes
 * away (every open connection dropped, new ones refused) and comes back.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const open = new Set<net.Socket>();
  let up = true;
  let trigger: RegExp | null = null;
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
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
