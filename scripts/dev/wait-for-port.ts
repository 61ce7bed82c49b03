import net from "node:net";

/** Resolves once something accepts connections on the port; rejects when `alive()` turns false. */
export async function waitForPort(port: number, alive: () => boolean): Promise<void> {
  for (;;) {
    if (!alive()) throw new Error("the dev server exited before it listened");
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: "127.0.0.1" });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
