import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { takeSnapshot } from "@/lib/db/read-cache";
import { pageStamp } from "@/lib/http/server/page-stamps";
import { createOk, deleteCollection, newCaller, removePerk, validCollection, validPerk } from "../support/api";

/* What a kept collection page is valid for (docs/decisions/094): its own rows, not the whole store. */

const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

async function upsertContract(chainKey: string, contract: string, holders: number) {
  await (
    await getDb()
  ).execute(sql`INSERT INTO chain_contracts (chain_key, address, chain_id, holders) VALUES (${chainKey}, ${contract}, 8453, ${holders})
    ON CONFLICT (chain_key, address) DO UPDATE SET holders = excluded.holders`);
}

describe("a collection page's stamp", () => {
  beforeAll(async () => {
    await newCaller();
  });

  it("changes with a write of the collection, its perks or its contract's sync row, and with nothing else", async () => {
    const owner = await newCaller();
    const contract = address(0xabc001);
    const shown = await createOk(owner.key, {
      nftData: validCollection({
        Title: "Stamped Starlings",
        ContractChain: "Base",
        ContractAddress: contract.toUpperCase().replace("0X", "0x"),
      }),
      perkData: [validPerk({ ShortDescription: "First" }), validPerk({ ShortDescription: "Second" })],
    });
    const other = await createOk(owner.key, {
      nftData: validCollection({ Title: "Unrelated Uakaris", ContractAddress: address(0xabc002) }),
    });
    const id = shown.nftData.PlatformNFTId as string;
    const path = `/collections/${id}`;
    const first = await pageStamp(path);
    expect(first).toMatch(/^rows:\d+\/$/);
    expect(await pageStamp(path)).toBe(first);

    // Another collection's edit and another contract's sync commit, but change nothing this page shows.
    const before = await takeSnapshot();
    await createOk(owner.key, {
      nftData: { ...validCollection({ Title: "Unrelated Uakaris II" }), PlatformNFTId: other.nftData.PlatformNFTId },
    });
    await upsertContract("base", address(0xabc002), 5);
    expect(await takeSnapshot()).not.toBe(before);
    expect(await pageStamp(path)).toBe(first);

    // Its contract's sync row: the chain facts on the page.
    await upsertContract("base", contract, 7);
    const synced = await pageStamp(path);
    expect(synced).toMatch(/^rows:\d+\/\d+$/);
    expect(synced).not.toBe(first);
    await upsertContract("base", contract, 8);
    const resynced = await pageStamp(path);
    expect(resynced).not.toBe(synced);

    // An edit of the collection, then a perk removed: each a new stamp.
    const edited = await createOk(owner.key, {
      nftData: { ...validCollection({ Title: "Stamped Swifts", ContractChain: "Base", ContractAddress: contract }), PlatformNFTId: id },
      perkData: shown.perkData,
    });
    const afterEdit = await pageStamp(path);
    expect(afterEdit).not.toBe(resynced);
    expect((await removePerk(owner.key, id, edited.perkData[0].PlatformPerkId)).status).toBe(200);
    const afterRemoval = await pageStamp(path);
    expect(afterRemoval).not.toBe(afterEdit);

    // Deleted: its 404 is stamped with the snapshot, which the next commit anywhere changes.
    expect((await deleteCollection(owner.key, id)).status).toBe(200);
    expect(await pageStamp(path)).toBe(`snapshot:${await takeSnapshot()}`);
  });

  it("is the snapshot for an unknown or malformed id, and constant for the docs and the search pages", async () => {
    const snapshot = await takeSnapshot();
    for (const path of ["/collections/no-such-collection", "/collections/%FF", "/collections/a%2Fb"]) {
      expect(await pageStamp(path), path).toBe(`snapshot:${snapshot}`);
    }
    expect(await pageStamp("/docs")).toBe("docs");
    // Search pages last as long as their answers do, whatever is committed meanwhile.
    expect(await pageStamp("/")).toBe("search");
    expect(await pageStamp("/perks")).toBe("search");
  });
});
