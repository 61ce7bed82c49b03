import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { createOk, everythingWritten, newCaller, retrieveOk, search, validCollection, validPerk, type Caller } from "../support/api";
import { portal, signUp } from "../support/portal";
import { callRoute } from "../support/routes";

const address = { [SOCKET_ADDRESS_HEADER]: `10.${randomBytes(3).join(".")}` };

function create(key: string, body: unknown, query: string, headers: Record<string, string> = {}) {
  return callRoute(
    new Request(`http://localhost/api-gateway/create${query}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}`, ...address, ...headers },
      body: JSON.stringify(body),
    }),
  );
}

const titlesFound = async (key: string, query: string) =>
  (await (await search(key, { query })).json()).Docs.map((doc: { Title: string }) => doc.Title);

describe("POST /api-gateway/create?dryRun=1", () => {
  let owner: Caller;
  let id: string;
  let perkIds: string[];

  beforeAll(async () => {
    owner = await newCaller();
    const echo = await createOk(owner.key, {
      nftData: validCollection({ Title: "Platypus Parade" }),
      perkData: [validPerk(), validPerk({ ShortDescription: "Zine" })],
    });
    id = echo.nftData.PlatformNFTId;
    perkIds = echo.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId);
  });

  it("answers the changes and the fields an edit would blank, and stores nothing", async () => {
    const before = await everythingWritten();
    const { Website: _website, Discord: _discord, ...rest } = validCollection({ Title: "Platypus Promenade" });
    const { LongDescription: _long, ...perk } = validPerk();
    const response = await create(
      owner.key,
      { nftData: { ...rest, PlatformNFTId: id, Version: 1 }, perkData: [{ ...perk, PlatformNFTId: id, PlatformPerkId: perkIds[0] }] },
      "?dryRun=1",
      { "idempotency-key": "preview-1" },
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.DryRun).toBe(true);
    expect(body.Response.nftData).toMatchObject({ PlatformNFTId: id, Version: 2, Title: "Platypus Promenade" });
    expect(body.Changes).toHaveLength(1);
    const [collection] = body.Changes;
    expect(collection.PlatformNFTId).toBe(id);
    expect(collection.Changes[0]).toEqual({
      Object: "collection",
      Id: id,
      Kind: "updated",
      Fields: [
        { Path: "Title", From: "Platypus Parade", To: "Platypus Promenade" },
        { Path: "Discord", From: "https://discord.gg/otters" },
        { Path: "Website", From: "https://otters.example.com" },
      ],
    });
    expect(collection.Unassigned).toEqual([
      { Object: "collection", Id: id, Path: "Discord" },
      { Object: "collection", Id: id, Path: "Website" },
      { Object: "perk", Id: perkIds[0], Path: "LongDescription" },
    ]);

    // Nothing stored: no Version, no history entry, no idempotency record, no search change.
    expect(await everythingWritten()).toEqual(before);
    expect((await retrieveOk(owner.key, id)).nftData.Version).toBe(1);
    expect(await titlesFound(owner.key, "promenade")).toEqual([]);
    expect(await titlesFound(owner.key, "parade")).toEqual(["Platypus Parade"]);

    // The same Idempotency-Key then makes the real write, which is not a replay of the preview.
    const real = await create(owner.key, { nftData: { ...rest, PlatformNFTId: id, Version: 1 } }, "", { "idempotency-key": "preview-1" });
    expect(real.status).toBe(200);
    expect(real.headers.get("idempotent-replayed")).toBeNull();
    expect((await real.json()).nftData.Version).toBe(2);
  });

  it("answers the ids a new collection and its perks would get, and stores none of them", async () => {
    const before = await everythingWritten();
    const response = await create(
      owner.key,
      { nftData: validCollection({ Title: "Numbat Nook" }), perkData: [validPerk()] },
      "?dryRun=true",
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    const newId = body.Response.nftData.PlatformNFTId;
    expect(newId).toMatch(/^[\w-]{20}$/);
    expect(body.Response.perkData[0].PlatformPerkId).toMatch(/^[\w-]{20}$/);
    expect(body.Changes[0].PlatformNFTId).toBe(newId);
    expect(body.Changes[0].Changes.map((change: { Object: string; Kind: string }) => `${change.Object} ${change.Kind}`)).toEqual([
      "collection created",
      "perk created",
    ]);
    expect(body.Changes[0].Unassigned).toEqual([]);
    expect(await everythingWritten()).toEqual(before);
  });

  it("fails with the same errors as the real write", async () => {
    const intruder = await newCaller();
    const cases: [string, unknown][] = [
      [owner.key, { nftData: { ...validCollection(), PlatformNFTId: id, Version: 99 } }],
      [intruder.key, { nftData: { ...validCollection(), PlatformNFTId: id } }],
      [owner.key, { nftData: { ...validCollection({ Website: "not a url" }), PlatformNFTId: id } }],
      [owner.key, { perkData: [validPerk({ PlatformNFTId: id, PlatformPerkId: "missing" })] }],
      [
        owner.key,
        {
          perkData: Array.from({ length: 100 }, () => validPerk({ PlatformNFTId: id })).concat(
            validPerk({ PlatformNFTId: id, Tags: ["Cooking"] }),
          ),
        },
      ],
    ];
    const before = await everythingWritten();
    const statuses = [];
    for (const [key, body] of cases) {
      const preview = await create(key, body, "?dryRun=1");
      const real = await create(key, body, "");
      statuses.push(preview.status);
      expect(preview.status).toBe(real.status);
      expect(await preview.json()).toEqual(await real.json());
    }
    expect(statuses).toEqual([409, 403, 400, 404, 400]);
    expect(await everythingWritten()).toEqual(before);
  });

  it("takes dryRun=0 and false as a real write, and refuses any other value naming it", async () => {
    const zero = await create(owner.key, { nftData: validCollection({ Title: "Quoll Quarters" }) }, "?dryRun=0");
    expect(zero.status).toBe(200);
    expect((await zero.json()).GatewayStatus).toBeDefined();
    const off = await create(owner.key, { nftData: validCollection({ Title: "Quoll Quarters" }) }, "?dryRun=false");
    expect((await off.json()).nftData.Version).toBe(1);
    const before = await everythingWritten();
    for (const value of ["yes", "", "2", "TRUE"]) {
      const response = await create(owner.key, { nftData: validCollection() }, `?dryRun=${value}`);
      expect(response.status, value).toBe(400);
      expect((await response.json()).error).toBe("dryRun: must be 1, true, 0 or false");
    }
    expect((await create(owner.key, { nftData: validCollection() }, "?dryrun=1")).status).toBe(400);
    expect(await everythingWritten()).toEqual(before);
  });

  it("previews the portal's save the same way", async () => {
    const alice = await signUp();
    const created = await (await portal.save({ cookie: alice.cookie }, { nftData: validCollection() })).json();
    const saved = created.nftData.PlatformNFTId;
    const { Website: _website, ...rest } = validCollection();
    const before = await everythingWritten();
    const response = await callRoute(
      new Request("http://localhost/api/portal/save?dryRun=1", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: alice.cookie, origin: "http://localhost" },
        body: JSON.stringify({ nftData: { ...rest, PlatformNFTId: saved, Version: 1 } }),
      }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).Changes[0].Unassigned).toEqual([{ Object: "collection", Id: saved, Path: "Website" }]);
    expect(await everythingWritten()).toEqual(before);
  });
});
