import { beforeAll, describe, expect, it } from "vitest";
import { findDeletedByTeam } from "@/lib/portal/server/deleted-record";
import { createOk, deleteCollection, newCaller, validCollection, validPerk } from "../support/api";

/* What the editor's address says once the collection is gone: only to the team whose it was. */

describe("findDeletedByTeam", () => {
  beforeAll(async () => {
    await newCaller();
  });

  it("gives the deleting team the title and perk count from history, and nobody else anything", async () => {
    const owner = await newCaller();
    const other = await newCaller();
    const echo = await createOk(owner.key, {
      nftData: validCollection({ Title: "Vanishing Otters" }),
      perkData: ["Pin", "Tour", "Mug"].map((text) => validPerk({ ShortDescription: text })),
    });
    const id = echo.nftData.PlatformNFTId as string;
    // Still there: not deleted.
    expect(await findDeletedByTeam(owner.teamId, id)).toBeNull();

    expect((await deleteCollection(owner.key, id)).status).toBe(200);
    expect(await findDeletedByTeam(owner.teamId, id)).toEqual({ title: "Vanishing Otters", perks: 3 });
    expect(await findDeletedByTeam(other.teamId, id)).toBeNull();
  });

  it("knows nothing of ids that never existed or cannot be ids", async () => {
    const owner = await newCaller();
    expect(await findDeletedByTeam(owner.teamId, "NoSuchCollection0000")).toBeNull();
    expect(await findDeletedByTeam(owner.teamId, "../../etc")).toBeNull();
  });
});
