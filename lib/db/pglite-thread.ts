import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

/**
 * The embedded database on a thread of its own (pglite-worker.mjs), with the part of PGlite's
 * interface that drizzle, the job queue and the prepared statements use: `query`, `exec`,
 * `transaction` and `close`.
 *
 * PGlite runs PostgreSQL on the thread that calls it. On the server's thread, every statement
 * stopped HTTP for its duration, health checks included, and the database and the server took
 * turns on one core; on its own thread the database uses the second core while the server
 * parses, renders and answers. Statements and their rows cross as structured-clone messages.
 */

const WORKER = path.join(process.cwd(), "lib/db/pglite-worker.mjs");

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };
type Ready = { ready: boolean; error?: { message: string } };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** What `query` accepts: drizzle asks for some types as their text, by identity parsers. */
type Options = Pick<QueryOptions, "rowMode" | "parsers">;

/** The statements of one transaction, in the worker's transaction (drizzle's `tx` client). */
export type PgliteThreadTransaction = {
  query: <Row>(text: string, params?: unknown[], options?: Options) => Promise<Results<Row>>;
  exec: (text: string) => Promise<Results[]>;
  /** A `COPY … FROM '/dev/blob'` statement, `data` as its blob (sent as text: a string crosses threads as it is). */
  copyFrom: (text: string, data: string) => Promise<Results>;
};

/** An error as the worker sent it, with PostgreSQL's fields (code, constraint, detail…) on it. */
function errorOf(data: Record<string, unknown> & { message: string }): Error {
  const { message, stack: _remoteStack, ...fields } = data;
  return Object.assign(new Error(message), fields);
}

/** Type ids whose text drizzle keeps as it is; any other parser cannot cross to the worker. */
function textTypes(parsers: Options["parsers"]): number[] {
  const types = Object.keys(parsers ?? {}).map(Number);
  for (const type of types) {
    const probe = "1970-01-01 00:00:00";
    if (parsers![type]!(probe) !== probe) throw new Error(`only text parsers cross to the database thread (type ${type})`);
  }
  return types;
}

export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed: Error | null = null;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    onLost: (error: Error) => void,
  ) {
    worker.on("message", (reply: Reply) => this.settle(reply));
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", (code) => {
      // Not closed by us: it crashed (out of memory, say). What was waiting fails; the owner reopens.
      const lost = this.fail(new Error(`PGlite is closed: its thread exited with code ${code}`));
      if (!this.closing) onLost(lost);
    });
    worker.unref();
  }

  /**
   * Opens the data folder (`memory://` for a throwaway store) on a new thread, starting from the
   * `snapshot` tarball when one is given. `onLost` hears of the thread ending other than by
   * `close`: every statement then fails with "PGlite is closed".
   */
  static async open(dataDir: string, snapshot?: string, onLost: (error: Error) => void = () => {}): Promise<PgliteThread> {
    const worker = new Worker(WORKER, { workerData: { dataDir, snapshot } });
    let settle: { message: (ready: Ready) => void; error: (error: Error) => void; exit: (code: number) => void };
    const ready = await new Promise<Ready>((resolve, reject) => {
      settle = {
        message: resolve,
        error: reject,
        exit: (code) => reject(new Error(`PGlite's thread exited with code ${code} while opening ${dataDir}`)),
      };
      worker.once("message", settle.message).once("error", settle.error).once("exit", settle.exit);
    });
    // Only these: the Worker's own listeners (which start its message port) must stay.
    worker.off("message", settle!.message).off("error", settle!.error).off("exit", settle!.exit);
    if (!ready.ready) {
      await worker.terminate();
      throw new Error(`PGlite could not open ${dataDir}: ${ready.error?.message ?? "unknown error"}`);
    }
    return new PgliteThread(worker, onLost);
  }

  async query<Row>(text: string, params?: unknown[], options?: Options, tx?: number): Promise<Results<Row>> {
    const shape = options && { rowMode: options.rowMode, textTypes: textTypes(options.parsers) };
    return (await this.send({ op: "query", text, params, options: shape, tx })) as Results<Row>;
  }

  exec(text: string, tx?: number): Promise<Results[]> {
    return this.send({ op: "exec", text, tx }) as Promise<Results[]>;
  }

  /** `callback`'s statements in one transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.send({ op: "begin" })) as number;
    const handle: PgliteThreadTransaction = {
      query: (text, params, options) => this.query(text, params, options, tx),
      exec: (text) => this.exec(text, tx),
      copyFrom: (text, data) => this.send({ op: "query", text, options: { blobText: data }, tx }) as Promise<Results>,
    };
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      await this.send({ op: "end", tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.send({ op: "end", tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.send({ op: "close" }).catch(() => {});
    this.closed = new Error("PGlite is closed");
    await this.worker.terminate();
  }

  /** This object where drizzle and the job queue expect a PGlite. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }

  private send(message: Record<string, unknown>): Promise<unknown> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // The thread keeps the process alive only while it owes an answer: scripts end when done.
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...message, id });
    });
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) waiting.reject(errorOf(reply.error));
    else waiting.resolve(reply.result);
  }

  private fail(error: Error): Error {
    this.closed ??= error.message.startsWith("PGlite is closed") ? error : new Error(`PGlite is closed: ${error.message}`);
    for (const waiting of this.pending.values()) waiting.reject(this.closed);
    this.pending.clear();
    return this.closed;
  }
}
