// The embedded database's own thread (see pglite-thread.ts, which starts it and speaks to it).
// PGlite runs PostgreSQL in WebAssembly on the thread that calls it; here that is this worker, so
// the server's thread keeps answering HTTP while a statement runs. Plain JavaScript: the server
// loads this file at run time, outside the Next.js bundle.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

// A snapshot saves `initdb` and the migrations: seconds for every test file's fresh store.
const db = new PGlite(workerData.dataDir, workerData.snapshot ? { loadDataDir: new Blob([readFileSync(workerData.snapshot)]) } : undefined);
/** Open transactions by id: the handle their statements run on and how to end them. */
const transactions = new Map();

/** Errors cross the thread boundary as plain data: PostgreSQL's fields (code, constraint, …) kept. */
function plainError(error) {
  const fields = {};
  for (const [name, value] of Object.entries(error ?? {})) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[name] = value;
  }
  return { ...fields, name: error?.name ?? "Error", message: error?.message ?? String(error) };
}

/**
 * drizzle asks for some types as their text (timestamps, intervals); a COPY from '/dev/blob' sends
 * its rows as `blobText`, the blob PGlite reads them from.
 */
function queryOptions(options) {
  if (!options) return undefined;
  const parsers = Object.fromEntries((options.textTypes ?? []).map((type) => [type, (value) => value]));
  const blob = options.blobText === undefined ? undefined : new Blob([options.blobText]);
  return { rowMode: options.rowMode, parsers, blob };
}

const target = (tx) => {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error("the transaction has already ended");
  return open.handle;
};

/** How `end` rolls a transaction back: PGlite rolls back when the callback rejects. */
const ROLLED_BACK = Symbol("rolled back");

/**
 * A transaction holds PGlite's lock until the server's thread ends it: its statements arrive one
 * message at a time, and other statements wait for it as they would in the same thread.
 */
function begin(id) {
  return new Promise((started, failed) => {
    db.transaction(
      (handle) =>
        new Promise((commit, rollback) => {
          transactions.set(id, { handle, commit, rollback });
          started(id);
        }),
    )
      .catch((error) => {
        // A transaction that ends by rollback is not an error of the `end` message.
        if (error !== ROLLED_BACK) throw error;
      })
      .then(
        () => transactions.get(id)?.settled?.resolve(),
        (error) => {
          const settled = transactions.get(id)?.settled;
          // Ended by the server's thread: its `end` learns the error; failed to begin: `begin` does.
          if (settled) settled.reject(error);
          else failed(error);
        },
      )
      .finally(() => transactions.delete(id));
  });
}

function end(tx, commit) {
  const open = transactions.get(tx);
  if (!open) return Promise.reject(new Error("the transaction has already ended"));
  return new Promise((resolve, reject) => {
    open.settled = { resolve, reject };
    if (commit) open.commit();
    else open.rollback(ROLLED_BACK);
  });
}

async function run(message) {
  switch (message.op) {
    case "query":
      return target(message.tx).query(message.text, message.params, queryOptions(message.options));
    case "exec":
      return target(message.tx).exec(message.text);
    case "begin":
      return begin(message.id);
    case "end":
      return end(message.tx, message.commit);
    case "close":
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

parentPort.on("message", (message) => {
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: plainError(error) }),
  );
});

db.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: plainError(error) }),
);
