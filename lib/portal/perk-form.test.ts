import { describe, expect, it } from "vitest";
import { perkFieldsSchema } from "@/lib/schemas/perk";
import { locationInStep, perkFormValues, perkPayload } from "./perk-form";

describe("perk form values", () => {
  const stored = {
    PlatformNFTId: "n1",
    PlatformPerkId: "p1",
    ShortDescription: "Backstage pass",
    Tags: ["Events", "Music/Audio"],
    OneTime: true,
    TokensRequired: 2,
    Date: { dt: { seconds: 1_767_225_600, nanoseconds: 5 }, timeSet: true },
    Location: { address: "Main St 1", latitude: 52.5, longitude: 13.4, GeoPoint: { _lat: 52.5, _long: 13.4 }, placeId: "ChIJ" },
  };

  it("round-trips a stored perk unchanged", () => {
    const fields = perkFieldsSchema.parse(perkFormValues(stored));
    expect(perkPayload(fields, { PlatformNFTId: "n1", PlatformPerkId: "p1" })).toEqual(stored);
  });

  it("keeps GeoPoint in step with latitude and longitude and keeps placeId", () => {
    expect(locationInStep({ latitude: -33.9, longitude: 151.2, GeoPoint: { _lat: 1, _long: 2 }, placeId: "x" })).toEqual({
      latitude: -33.9,
      longitude: 151.2,
      GeoPoint: { _lat: -33.9, _long: 151.2 },
      placeId: "x",
    });
    expect(locationInStep({ latitude: 10, GeoPoint: { _lat: 10, _long: 2 } })).toEqual({ latitude: 10 });
    expect(locationInStep({ address: undefined, latitude: undefined })).toBeUndefined();
  });

  it("shows a GeoPoint-only location in the latitude and longitude fields", () => {
    const values = perkFormValues({ ShortDescription: "x", Tags: ["Food"], Location: { GeoPoint: { _lat: 1.5, _long: -2 } } });
    expect(values.Location).toEqual({ GeoPoint: { _lat: 1.5, _long: -2 }, latitude: 1.5, longitude: -2 });
  });

  it("starts a new perk empty and sends it without a perk id", () => {
    const values = perkFormValues(undefined);
    expect(values).toEqual({ ShortDescription: "", Tags: [], Date: "" });
    expect(perkPayload({ ShortDescription: "New", Tags: ["Food"], Date: "" }, { PlatformNFTId: "n1" })).toEqual({
      PlatformNFTId: "n1",
      ShortDescription: "New",
      Tags: ["Food"],
      Date: "",
    });
  });
});
