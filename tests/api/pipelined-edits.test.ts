import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { create, createOk, newCaller, retrieveOk, validCollection, validPerk } from "../support/api";
import { callRoute } from "../support/routes";

const address = { [SOCKET_ADDRESS_HEADER]: `10.${randomBytes(3).join(".")}` };

type Change = { Object: string; Fields: { Path: string; From?: unknown; To?: unknown }[] };
async function titleChanges(key: string, id: string): Promise<{ from: unknown; to: unknown }[]> {
  const response = await callRoute(
    new Request(`http://localhost/api-gateway/collections/${encodeURIComponent(id)}/history`, {
      headers: { ...address, authorization: `Bearer ${key}` },
    }),
  );
  expect(response.status).toBe(200);
  const { Docs } = (await response.json()) as { Docs: { Changes: Change[] }[] };
  return Docs.reverse().map((entry) => {
    const title = entry.Changes.find((change) => change.Object === "collection")!.Fields.find((field) => field.Path === "Title")!;
    return { from: title.From, to: title.To };
  });
}

/**
 * While `run` runs: the most statements sent and not yet answered on one connection, the text of
 * every statement sent, and the texts sent inside a transaction without a prepared statement's name.
 */
async function watchStatements(run: () => Promise<unknown>): Promise<{ most: number; texts: string[]; unnamed: string[] }> {
  const original = pg.Client.prototype.query;
  const inFlight = new Map<object, number>();
  const texts: string[] = [];
  const unnamed: string[] = [];
  const inTransaction = new Set<object>();
  let most = 0;
  pg.Client.prototype.query = function (this: object, ...args: unknown[]) {
    const [query] = args as [string | { text?: string; name?: string }];
    const text = typeof query === "string" ? query : (query?.text ?? "");
    texts.push(text);
    if (/^\s*begin\b/i.test(text)) inTransaction.add(this);
    else if (/^\s*(commit|rollback)\b/i.test(text)) inTransaction.delete(this);
    else if (inTransaction.has(this) && (typeof query === "string" || !query?.name)) unnamed.push(text);
    const answer = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (answer && typeof (answer as Promise<unknown>).then === "function") {
      inFlight.set(this, (inFlight.get(this) ?? 0) + 1);
      most = Math.max(most, inFlight.get(this)!);
      const settled = () => inFlight.set(this, inFlight.get(this)! - 1);
      (answer as Promise<unknown>).then(settled, settled);
    }
    return answer;
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return { most, texts, unnamed };
}

const endpointLookups = (texts: string[]) => texts.filter((text) => /from "webhook_endpoints"/.test(text)).length;

afterEach(() => {
  expect(pg.Client.prototype.query.name).toBe("query");
});

describe("an edit's statements", () => {
  it("record each of several concurrent edits as the change from the one committed before it", async () => {
    const owner = await newCaller();
    const id = (await createOk(owner.key, { nftData: validCollection({ Title: "Edit 0" }) })).nftData.PlatformNFTId;
    const edits = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(owner.key, { nftData: validCollection({ PlatformNFTId: id, Title: `Edit ${i + 1}` }) })),
    );
    expect(edits.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const changes = await titleChanges(owner.key, id);
    expect(changes).toHaveLength(7);
    expect(changes[0]).toEqual({ from: undefined, to: "Edit 0" });
    // Whatever order the locks were granted in, each entry starts where the one before ended.
    for (let i = 1; i < changes.length; i += 1) expect(changes[i]!.from).toBe(changes[i - 1]!.to);
    expect(new Set(changes.map((change) => change.to)).size).toBe(7);
    expect((await retrieveOk(owner.key, id)).nftData).toMatchObject({ Title: changes[6]!.to, Version: 7 });
  });

  it.runIf(process.env.DATABASE_URL)("go out together on PostgreSQL, and a refusal in the first answer still writes nothing", async () => {
    const owner = await newCaller();
    const echo = await createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] });
    const id = echo.nftData.PlatformNFTId;
    const perkId = echo.perkData[0].PlatformPerkId;
    const edit = (version: number, title: string) => ({
      nftData: validCollection({ PlatformNFTId: id, Version: version, Title: title }),
      perkData: [{ ...validPerk({ ShortDescription: title }), PlatformNFTId: id, PlatformPerkId: perkId }],
    });
    // The lock, the states before, the perks to edit, the perks, the collection, its search rows and the webhook endpoints.
    const { most, texts, unnamed } = await watchStatements(async () =>
      expect((await create(owner.key, edit(1, "Pipelined"))).status).toBe(200),
    );
    expect(most).toBeGreaterThanOrEqual(7);
    expect(endpointLookups(texts)).toBe(1);
    // Each is prepared once per connection (decision 092): only transaction control goes out unnamed.
    expect(unnamed).toEqual([]);

    const stale = await create(owner.key, edit(1, "Stale"));
    expect(stale.status).toBe(409);
    const stored = await retrieveOk(owner.key, id);
    expect(stored.nftData).toMatchObject({ Title: "Pipelined", Version: 2 });
    expect(stored.perkData[0]).toMatchObject({ ShortDescription: "Pipelined" });
    expect((await titleChanges(owner.key, id)).map((change) => change.to)).toEqual([expect.any(String), "Pipelined"]);
  });

  it.runIf(process.env.DATABASE_URL)("of a new collection go out together too, with the team's managers read by the insert", async () => {
    const owner = await newCaller();
    let id = "";
    const { most, texts } = await watchStatements(async () => {
      id = (await createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] })).nftData.PlatformNFTId;
    });
    // The insert, its search rows and the webhook endpoints; no read of the managers before them.
    expect(most).toBeGreaterThanOrEqual(3);
    expect(endpointLookups(texts)).toBe(1);
    expect(texts.filter((text) => /from "team_members"/i.test(text) && !/INSERT/i.test(text))).toEqual([]);
    expect((await retrieveOk(owner.key, id)).nftData.Managers).toEqual([`Users/${owner.userId}`]);
  });
});
