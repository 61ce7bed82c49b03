import "server-only";
import type { Client as PgClient, ClientConfig, QueryResult } from "pg";
import { log } from "@/lib/log";

/**
 * A few PostgreSQL connections in pipeline mode for single statements outside transactions (searches,
 * retrieval, the key gate): each statement is written at once, without waiting for a free connection, and
 * the server answers them in order, instead of each statement waiting for a connection of its own
 * and each of ten backends being woken for every statement (docs/decisions/051-pipelined-search-reads.md).
 *
 * A statement waits behind those sent before it on its connection, so each goes to the connection
 * with the fewest unanswered; a lost connection fails the statements it held (as a pool's would)
 * and is opened again for the next.
 */
export type PipelinedReads = {
  /** As a pg Pool's: what drizzle and `queryPrepared` call. */
  query: (config: unknown, values?: unknown[]) => Promise<QueryResult>;
  /** Ends every connection; statements sent later fail. */
  close: () => Promise<void>;
};

/** No SQLSTATE (a network error), or a connection or operator-intervention class: the connection is gone. */
export function connectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code) || /^(08|57P)/.test(code);
}

type Slot = { open: Promise<PgClient> | null; unanswered: number };

/**
 * `width` says how many of the connections may take a new statement now (all when not given):
 * the first `width`, by fewest unanswered.
 */
export function pipelinedReads(
  Client: typeof PgClient,
  config: ClientConfig,
  connections: number,
  width: () => number = () => connections,
): PipelinedReads {
  const slots: Slot[] = Array.from({ length: connections }, () => ({ open: null, unanswered: 0 }));
  let closed = false;

  const connect = (slot: Slot): Promise<PgClient> => {
    if (slot.open) return slot.open;
    const client = new Client({ ...config, pipeline: true });
    const lost = (error?: Error) => {
      if (error) log().error({ err: error }, "search connection lost");
      if (slot.open === opening) slot.open = null;
    };
    // Unhandled, a lost connection's 'error' would end the process.
    client.on("error", lost);
    client.on("end", () => lost());
    const opening: Promise<PgClient> = client.connect().then(
      () => client,
      (error: unknown) => {
        lost();
        throw error;
      },
    );
    slot.open = opening;
    return opening;
  };

  return {
    async query(config, values) {
      if (closed) throw new Error("The search connections are closed");
      const open = slots.slice(0, Math.max(1, Math.min(connections, width())));
      const slot = open.reduce((best, candidate) => (candidate.unanswered < best.unanswered ? candidate : best));
      slot.unanswered += 1;
      const opening = connect(slot);
      try {
        return await (await opening).query(config as string, values);
      } catch (error) {
        // The server may answer a terminated backend's statement before the socket closes: the
        // next statement must not be written to that socket.
        if (connectionLost(error) && slot.open === opening) {
          slot.open = null;
          void opening.then((client) => client.end()).catch(() => {});
        }
        throw error;
      } finally {
        slot.unanswered -= 1;
      }
    },
    async close() {
      closed = true;
      const open = slots.map((slot) => slot.open);
      for (const slot of slots) slot.open = null;
      await Promise.all(
        open.map((opening) =>
          opening?.then(
            (client) => client.end(),
            () => {},
          ),
        ),
      );
    },
  };
}

/**
 * The app's pipelined connections to a server (the primary, or the search replica): named `name`
 * in its `pg_stat_activity`, and without JIT, which only slows these short statements.
 */
const named = (Client: typeof PgClient, url: string, connections: number, name: string, width?: () => number): PipelinedReads =>
  pipelinedReads(
    Client,
    { connectionString: url, connectionTimeoutMillis: 5_000, options: "-c jit=off", application_name: name },
    connections,
    width,
  );

/** Connections named `uds-search` for searches, on the primary and on the search replica. */
export const searchConnections = (Client: typeof PgClient, url: string, connections: number, width?: () => number): PipelinedReads =>
  named(Client, url, connections, "uds-search", width);

/**
 * Connections named `uds-exact` for the short exact statements every request makes (its snapshot,
 * its key, retrieval): a statement on a search connection waits for every search sent before it,
 * so a partner's save would queue behind the public's searches before its transaction began.
 */
export const exactReadConnections = (Client: typeof PgClient, url: string, connections: number): PipelinedReads =>
  named(Client, url, connections, "uds-exact");
