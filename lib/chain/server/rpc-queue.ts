import { BaseError } from "viem";

/** Seconds of waiting a chain's queue holds: a request past that is refused at once, never left to wait. */
export const RPC_QUEUE_SECONDS = 5;

/** A chain's queue of RPC requests is full: the caller answers 503 with Retry-After (identify.ts counts it as unanswered). */
export class RpcQueueFull extends BaseError {
  constructor(label: string, queueSeconds: number) {
    super(`the request queue of ${label}'s RPC is full (${queueSeconds} s of requests waiting)`, { name: "RpcQueueFull" });
  }
}

/**
 * A per-chain budget of requests per second, shared by every contract and client of the chain in
 * this process: the next request waits for its slot instead of tripping the provider's own limit.
 * The queue is bounded: a slot further off than `queueSeconds` is refused (RpcQueueFull), so a
 * burst of claims or sign-ins cannot pile up waiting requests without limit.
 */
export function requestQueue(label: string, perSecond: number, queueSeconds = RPC_QUEUE_SECONDS, now = () => Date.now()) {
  let next = 0;
  return {
    /** Takes the next slot and returns how long to wait for it (ms); throws RpcQueueFull when the queue is full. */
    take(): number {
      const time = now();
      const slot = Math.max(time, next);
      if (slot - time >= queueSeconds * 1000) throw new RpcQueueFull(label, queueSeconds);
      next = slot + 1000 / perSecond;
      return slot - time;
    },
  };
}

export type RequestQueue = ReturnType<typeof requestQueue>;
