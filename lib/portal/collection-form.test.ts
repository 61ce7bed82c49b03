import { describe, expect, it } from "vitest";
import { collectionFieldsSchema } from "@/lib/schemas/collection";
import { collectionFormValues, collectionPayload } from "./collection-form";

describe("collection form values", () => {
  const stored = {
    PlatformNFTId: "n1",
    Title: "Otters",
    ContractChain: "Base",
    floorPrice: "notset",
    TokenQuantity: 10,
    PropertiesNames: ["Fur"],
    PropertiesValues: ["Brown"],
    Version: 4,
    Managers: ["Users/u1"],
    lastmodified: 1,
    path: "NFTs/n1",
  };

  it("edits only partner-owned fields and sends them all back with the id and Version", () => {
    const values = collectionFormValues(stored);
    expect(values).toEqual({
      Title: "Otters",
      ContractChain: "Base",
      floorPrice: "notset",
      TokenQuantity: 10,
      PropertiesNames: ["Fur"],
      PropertiesValues: ["Brown"],
    });
    const payload = collectionPayload(collectionFieldsSchema.parse(values), { PlatformNFTId: "n1", Version: 4 });
    expect(payload).toEqual({ PlatformNFTId: "n1", Version: 4, ...values });
  });

  it("leaves cleared fields out, so the edit unassigns them", () => {
    const payload = collectionPayload({ Title: "T", ContractChain: "Base", Website: undefined });
    expect(payload).toEqual({ Title: "T", ContractChain: "Base" });
    expect("Website" in payload).toBe(false);
  });
});
