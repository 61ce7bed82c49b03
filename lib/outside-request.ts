import { AsyncLocalStorage } from "node:async_hooks";
import { processSlot } from "@/lib/process-slot";

type Runner = <R>(fn: () => R) => R;
const slot = processSlot<Runner>("outside-request");

/**
 * Takes the process's start-up context, before any request: called once by `instrumentation.ts`.
 * Later calls keep the first.
 */
export function captureStartupContext(): void {
  slot.value ??= AsyncLocalStorage.snapshot();
}

/**
 * Runs `fn` in the start-up context instead of the current request's. A timer or promise made
 * inside a request keeps that request's async-local stores (Next.js's request and work stores:
 * headers, cookies, the render's state) alive until it fires; an in-process budget keeps a timer
 * per client address for its whole window, so every new address would hold its first request's
 * stores for a minute (about 26 KB each, measured: docs/performance.md "Insights counting").
 * Until the context is captured (tests, scripts), `fn` runs where it is called.
 */
export function outsideRequest<R>(fn: () => R): R {
  return slot.value ? slot.value(fn) : fn();
}
