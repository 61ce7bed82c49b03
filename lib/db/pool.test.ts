import type { Pool as PgPool, PoolConfig } from "pg";
import { describe, expect, it } from "vitest";
import { guardedPool } from "./pool";

/** A pool class that records the settings it was made with. */
function recordingPool() {
  const made: PoolConfig[] = [];
  class Recording {
    constructor(config: PoolConfig) {
      made.push(config);
    }
    on() {
      return this;
    }
  }
  return { Pool: Recording as unknown as typeof PgPool, made };
}

describe("guardedPool", () => {
  it("keeps every connection it opens (no idle close) and lets a script exit while they idle", () => {
    const { Pool, made } = recordingPool();
    guardedPool(Pool, { connectionString: "postgres://db/app", max: 7 }, "database");
    expect(made[0]).toMatchObject({ max: 7, min: 7, allowExitOnIdle: true, connectionString: "postgres://db/app" });
  });

  it("takes a caller's own floor", () => {
    const { Pool, made } = recordingPool();
    guardedPool(Pool, { max: 4, min: 1 }, "replica");
    expect(made[0]).toMatchObject({ max: 4, min: 1 });
  });
});
