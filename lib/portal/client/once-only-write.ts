import { IDEMPOTENCY_HEADER } from "@/lib/idempotency/constants";
import { RequestError, fetchJson } from "@/lib/http/client/fetch-json";

/*
 * Every portal write goes through `sendWrite`, which makes each intended change happen at most
 * once however often it is sent:
 * - one Idempotency-Key per change: the same key while the same request is sent again (a double
 *   click, a retry after a lost answer, a resubmit after a reload), a new one as soon as the
 *   request's content changes or its answer has arrived;
 * - a second send of a request that is still on its way joins it instead of sending again;
 * - the key of a change still awaiting its answer is kept in sessionStorage, so a reload in the
 *   middle of a save and the same save again replays the first answer instead of creating twice.
 */

/** The request failed without an answer: offline, DNS, connection reset. */
export class NoAnswerError extends Error {
  constructor() {
    super("the server could not be reached");
    this.name = "NoAnswerError";
  }
}

type Pending = { fingerprint: string; key: string };

const STORAGE_PREFIX = "uds:pending-write:";
const memory = new Map<string, Pending>();
const inFlight = new Map<string, Promise<unknown>>();
/** While the first request with a key is still running the server answers 409 `busy`; wait for it. */
const BUSY_RETRIES = 5;

/** A short digest of the request (53-bit cyrb53), so storage never holds form content. */
export function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function load(scope: string): Pending | null {
  try {
    const stored = storage()?.getItem(STORAGE_PREFIX + scope);
    if (stored) return JSON.parse(stored) as Pending;
  } catch {
    // Unreadable storage: fall back to this tab's memory.
  }
  return memory.get(scope) ?? null;
}

function keep(scope: string, pending: Pending) {
  memory.set(scope, pending);
  try {
    storage()?.setItem(STORAGE_PREFIX + scope, JSON.stringify(pending));
  } catch {
    // Full or refused storage: memory still covers double clicks and retries in this tab.
  }
}

function settle(scope: string) {
  memory.delete(scope);
  try {
    storage()?.removeItem(STORAGE_PREFIX + scope);
  } catch {
    // Nothing to clean up.
  }
}

function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The key of the change `print` within `scope`: the pending one if it is the same request, else a new one. */
export function changeKey(scope: string, print: string): string {
  const pending = load(scope);
  if (pending?.fingerprint === print) return pending.key;
  const key = newKey();
  keep(scope, { fingerprint: print, key });
  return key;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send<T>(scope: string, url: string, init: { method: string; json?: unknown }, key: string): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await fetchJson<T>(url, { ...init, headers: { [IDEMPOTENCY_HEADER]: key } });
      settle(scope);
      return result;
    } catch (error) {
      if (!(error instanceof RequestError)) throw new NoAnswerError();
      if (error.status === 409 && error.code === "busy" && attempt < BUSY_RETRIES) {
        await wait(250 * (attempt + 1));
        continue;
      }
      // An answer (a refusal) settles the change; after a 5xx the server released the key, and
      // sending the same request again is the same change.
      if (error.status < 500) settle(scope);
      throw error;
    }
  }
}

/**
 * Sends one portal write at most once. `scope` names what the change is about (e.g. the
 * collection being saved), so a new change to it replaces the key of an abandoned one.
 */
export function sendWrite<T>(scope: string, url: string, init: { method: string; json?: unknown }): Promise<T> {
  const print = fingerprint(`${init.method} ${url} ${JSON.stringify(init.json ?? null)}`);
  const flight = `${scope}|${print}`;
  const running = inFlight.get(flight);
  if (running) return running as Promise<T>;
  const request = send<T>(scope, url, init, changeKey(scope, print)).finally(() => inFlight.delete(flight));
  inFlight.set(flight, request);
  return request;
}

/** Words for a failed write, to follow "Could not …: ". */
export function failureText(error: Error): string {
  if (error instanceof NoAnswerError) return error.message;
  if (error instanceof RequestError && error.status >= 500) return "the server had a problem";
  return error.message.replace(/\.$/, "");
}
