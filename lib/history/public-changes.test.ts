import { describe, expect, it } from "vitest";
import { publicChangeOfRow, publicChangeRow, publicChangesOf } from "./public-changes";

const state = { data: {}, perks: [{ id: "p1", data: { ShortDescription: "15% off merch" } }] };

describe("publicChangesOf", () => {
  it("lists a rename with the old title, and other public fields of the perk in one line", () => {
    const changes = publicChangesOf(
      5,
      [
        {
          Object: "perk",
          Id: "p1",
          Kind: "updated",
          Fields: [
            { Path: "ShortDescription", From: "10% off merch", To: "15% off merch" },
            { Path: "LongDescription", From: "Old", To: "New" },
            { Path: "Site", To: "https://example.com/" },
          ],
        },
      ],
      state,
    );
    expect(changes).toEqual([
      { kind: "renamed", at: 5, perk: "15% off merch", from: "10% off merch" },
      { kind: "changed", at: 5, perk: "15% off merch", fields: ["LongDescription", "Site"] },
    ]);
    for (const change of changes) expect(publicChangeOfRow(publicChangeRow(change))).toEqual(change);
  });

  it("keeps collection fields out", () => {
    expect(
      publicChangesOf(5, [{ Object: "collection", Id: "c", Kind: "updated", Fields: [{ Path: "Title", From: "A", To: "B" }] }], state),
    ).toEqual([]);
  });
});
