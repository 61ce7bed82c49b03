import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { perkClock } from "@/lib/schemas/perk-clock";
import { callRoute } from "../support/routes";
import {
  create,
  createOk,
  dumpStore,
  findPerks,
  newCaller,
  removePerk,
  deleteCollection,
  retrieveOk,
  validCollection,
  validPerk,
  type Caller,
} from "../support/api";

// Every answer computed at the clock the test sets, none reused.
process.env.SEARCH_CACHE_MS = "0";

const NOW = Date.UTC(2026, 0, 1);
afterEach(() => {
  perkClock.now = () => NOW;
});

const at = (iso: string, timeSet = true) => ({ dt: { seconds: Date.parse(iso) / 1000, nanoseconds: 0 }, timeSet });
const place = (lat: number, long: number) => ({ Location: { latitude: lat, longitude: long, address: "somewhere" } });
const geoPoint = (lat: number, long: number) => ({ Location: { GeoPoint: { _lat: lat, _long: long } } });

/** Great-circle distances from these places, computed apart from the service (haversine, R = 6371.0088 km). */
const KM = {
  parisLondon: 343.557,
  parisBerlin: 877.465,
  suvaApia: 1149.172,
  suvaNukualofa: 744.15,
  apiaNukualofa: 890.351,
  poleAcross: 111.195,
  polePole3: 124.319,
  poleAlert: 809.451,
  poleLongyearbyen: 1256.068,
};

let caller: Caller;
/** PlatformPerkId by ShortDescription. */
const ids: Record<string, string> = {};
const collectionIds: Record<string, string> = {};

async function store(title: string, perks: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const echo = await createOk(caller.key, { nftData: validCollection({ Title: title, ...extra }), perkData: perks });
  collectionIds[title] = echo.nftData.PlatformNFTId;
  echo.perkData.forEach((perk: { ShortDescription: string; PlatformPerkId: string }) => (ids[perk.ShortDescription] = perk.PlatformPerkId));
}

beforeAll(async () => {
  perkClock.now = () => NOW;
  caller = await newCaller();
  const base = { Status: "Upcoming", OneTime: false, Tags: ["Events"], LongDescription: "Bring a friend." };
  await store("Paris Otters", [
    validPerk({
      ...base,
      ShortDescription: "Paris meetup",
      ...place(48.8566, 2.3522),
      Date: at("2030-06-15T00:00:00Z", false),
      OneTime: true,
    }),
    validPerk({
      ...base,
      ShortDescription: "London hoodie drop",
      ...geoPoint(51.5074, -0.1278),
      Date: at("2030-06-16T18:00:00Z"),
      Tags: ["Merch"],
    }),
    validPerk({ ...base, ShortDescription: "Berlin party", ...place(52.52, 13.405), Date: at("2020-01-01T00:00:00Z", false) }),
  ]);
  await store("Pacific Club", [
    validPerk({ ...base, ShortDescription: "Suva dinner", ...place(-18.1248, 178.4501), Date: at("2029-03-01T12:00:00Z"), Tags: ["Food"] }),
    validPerk({
      ...base,
      ShortDescription: "Apia surf",
      ...place(-13.8333, -171.7667),
      Date: at("2029-03-02T12:00:00Z"),
      Tags: ["Sports"],
    }),
    validPerk({ ...base, ShortDescription: "Nukualofa feast", ...place(-21.1394, -175.2049), Status: "Past", Tags: ["Food"] }),
  ]);
  await store("Polar Circle", [
    validPerk({ ...base, ShortDescription: "Across the pole", ...place(89.5, 180), Date: "" }),
    validPerk({ ...base, ShortDescription: "Pole three", ...place(89, -90) }),
    validPerk({ ...base, ShortDescription: "Alert station", ...place(82.5018, -62.3481) }),
    validPerk({ ...base, ShortDescription: "Longyearbyen lights", ...place(78.2232, 15.6267) }),
  ]);
  await store(
    "Nowhere Collective",
    [
      validPerk({ ...base, ShortDescription: "Last minute", Date: at("2030-06-16T23:59:59Z"), OneTime: true, Tags: ["Discounts"] }),
      validPerk({ ...base, ShortDescription: "First minute", Date: at("2030-06-17T00:00:00Z"), Tags: ["Discounts"] }),
      { ShortDescription: "Plain offer", Tags: ["Discounts"] },
    ],
    { ImagePic: "https://images.example.com/nowhere.png" },
  );
}, 120_000);

type Doc = Record<string, any>;
async function found(params: Record<string, string | number | string[]>): Promise<{ NumPages: number; Docs: Doc[] }> {
  const response = await findPerks(caller.key, params);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`perks answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}
const names = (result: { Docs: Doc[] }) => result.Docs.map((doc) => doc.ShortDescription);

function expectDistances(result: { Docs: Doc[] }, expected: [string, number][]) {
  expect(names(result)).toEqual(expected.map(([name]) => name));
  result.Docs.forEach((doc, index) => expect(doc.DistanceKm).toBeCloseTo(expected[index]![1], 2));
}

describe("GET /api-gateway/perks: near a point", () => {
  it("finds the perks within the radius, nearest first, with their great-circle distance", async () => {
    expectDistances(await found({ near: "48.8566,2.3522", radiusKm: 400 }), [
      ["Paris meetup", 0],
      ["London hoodie drop", KM.parisLondon],
    ]);
    expectDistances(await found({ near: "48.8566,2.3522", radiusKm: 900 }), [
      ["Paris meetup", 0],
      ["London hoodie drop", KM.parisLondon],
      ["Berlin party", KM.parisBerlin],
    ]);
    // Just inside and just outside Berlin.
    expect(names(await found({ near: "48.8566,2.3522", radiusKm: 877.5 }))).toContain("Berlin party");
    expect(names(await found({ near: "48.8566,2.3522", radiusKm: 877.4 }))).not.toContain("Berlin party");
  });

  it("pages a crowded circle nearest first, whichever smaller circle a page is read from", async () => {
    // 60 perks due north and south of Reykjavik: 25 within 10 km (1/16 of 160 km), 20 more within
    // 40 km (1/4), 15 more within 160 km. Along a meridian the great-circle distance is the offset.
    const center = { lat: 64.1466, long: -21.9426 };
    const offsets = Array.from({ length: 60 }, (_, i) => (i < 25 ? 0.3 + i * 0.37 : i < 45 ? 10.5 + (i - 25) * 1.4 : 41 + (i - 45) * 7.5));
    const perks = offsets.map((km, i) => ({ name: `Fjord perk ${i}`, km, lat: center.lat + ((i % 2 ? -1 : 1) * km) / 111.19508 }));
    // Stored out of distance order, in three collections.
    const shuffled = perks.map((_, i) => perks[(i * 37) % 60]!);
    for (let part = 0; part < 3; part += 1) {
      await store(
        `Fjord Circle ${part}`,
        shuffled
          .slice(part * 20, part * 20 + 20)
          .map((perk) => validPerk({ ShortDescription: perk.name, ...place(perk.lat, center.long) })),
      );
    }
    const pages = [1, 2, 3].map((pageNum) => found({ near: `${center.lat},${center.long}`, radiusKm: 160, pageNum }));
    const answers = await Promise.all(pages);
    expect(answers.map((answer) => answer.NumPages)).toEqual([3, 3, 3]);
    expectDistances(
      { Docs: answers.flatMap((answer) => answer.Docs) },
      perks.map((perk) => [perk.name, perk.km]),
    );
  });

  it("defaults to a 50 km radius", async () => {
    expect(names(await found({ near: "48.9,2.4" }))).toEqual(["Paris meetup"]);
    expect(names(await found({ near: "49.5,2.3522" }))).toEqual([]);
  });

  it("reaches across the antimeridian (Fiji, Samoa, Tonga)", async () => {
    expectDistances(await found({ near: "-18.1248,178.4501", radiusKm: 1200 }), [
      ["Suva dinner", 0],
      ["Nukualofa feast", KM.suvaNukualofa],
      ["Apia surf", KM.suvaApia],
    ]);
    expectDistances(await found({ near: "-13.8333,-171.7667", radiusKm: 1200 }), [
      ["Apia surf", 0],
      ["Nukualofa feast", KM.apiaNukualofa],
      ["Suva dinner", KM.suvaApia],
    ]);
    expect(names(await found({ near: "-18.1248,178.4501", radiusKm: 800 }))).toEqual(["Suva dinner", "Nukualofa feast"]);
  });

  it("reaches over the pole, where every longitude is in the box", async () => {
    expectDistances(await found({ near: "89.5,0", radiusKm: 150 }), [
      ["Across the pole", KM.poleAcross],
      ["Pole three", KM.polePole3],
    ]);
    expectDistances(await found({ near: "89.5,0", radiusKm: 1300 }), [
      ["Across the pole", KM.poleAcross],
      ["Pole three", KM.polePole3],
      ["Alert station", KM.poleAlert],
      ["Longyearbyen lights", KM.poleLongyearbyen],
    ]);
    // From the pole itself every perk at 89.5° is 0.5° (55.597 km) away, at 89° 1° (111.195 km).
    expectDistances(await found({ near: "90,0", radiusKm: 120 }), [
      ["Across the pole", 55.597],
      ["Pole three", 111.195],
    ]);
    expect(names(await found({ near: "90,0", radiusKm: 100 }))).toEqual(["Across the pole"]);
  });

  it("answers each perk in its wire shape with its ids, its collection's title and image, and the distance", async () => {
    const [paris] = (await found({ near: "48.8566,2.3522", radiusKm: 1 })).Docs;
    expect(paris).toEqual({
      PlatformNFTId: collectionIds["Paris Otters"],
      PlatformPerkId: ids["Paris meetup"],
      ...validPerk({
        ShortDescription: "Paris meetup",
        Status: "Upcoming",
        OneTime: true,
        Tags: ["Events"],
        LongDescription: "Bring a friend.",
        ...place(48.8566, 2.3522),
        Date: at("2030-06-15T00:00:00Z", false),
      }),
      CollectionTitle: "Paris Otters",
      CollectionImage: validCollection().ImagePic,
      DistanceKm: 0,
    });
    const [plain] = (await found({ query: "plain" })).Docs;
    expect(plain).toEqual({
      PlatformNFTId: collectionIds["Nowhere Collective"],
      PlatformPerkId: ids["Plain offer"],
      ShortDescription: "Plain offer",
      Tags: ["Discounts"],
      CollectionTitle: "Nowhere Collective",
      CollectionImage: "https://images.example.com/nowhere.png",
    });
  });
});

describe("GET /api-gateway/perks: dates and lifecycle", () => {
  it("matches from/to as whole UTC days, inclusive", async () => {
    expect(names(await found({ from: "2030-06-15", to: "2030-06-15" }))).toEqual(["Paris meetup"]);
    expect(names(await found({ from: "2030-06-16", to: "2030-06-16" }))).toEqual(["London hoodie drop", "Last minute"]);
    expect(names(await found({ from: "2030-06-17", to: "2030-06-17" }))).toEqual(["First minute"]);
    expect(names(await found({ to: "2020-01-01" }))).toEqual(["Berlin party"]);
    expect(names(await found({ from: "2030-06-15", to: "2030-06-17" }))).toEqual([
      "Paris meetup",
      "London hoodie drop",
      "Last minute",
      "First minute",
    ]);
  });

  it("reports and filters a perk as Past from the moment its date passes, without a write", async () => {
    const statusOf = async (name: string) =>
      (await found({ query: name.split(" ")[0]! })).Docs.find((doc) => doc.ShortDescription === name)?.Status;
    const hoodie = Date.parse("2030-06-16T18:00:00Z");
    perkClock.now = () => hoodie;
    expect(await statusOf("London hoodie drop")).toBe("Upcoming");
    expect(names(await found({ status: "Upcoming", query: "london" }))).toEqual(["London hoodie drop"]);
    perkClock.now = () => hoodie + 1;
    expect(await statusOf("London hoodie drop")).toBe("Past");
    expect(names(await found({ status: "Past", query: "london" }))).toEqual(["London hoodie drop"]);
    expect(names(await found({ status: "Upcoming", query: "london" }))).toEqual([]);

    // A date without a time is a UTC day: over when the day has ended.
    perkClock.now = () => Date.parse("2030-06-15T23:59:59.999Z");
    expect(await statusOf("Paris meetup")).toBe("Upcoming");
    perkClock.now = () => Date.parse("2030-06-16T00:00:00Z");
    expect(await statusOf("Paris meetup")).toBe("Past");
  });

  it("shows the lifecycle in retrieval, and a read-edit-write round trip keeps every field", async () => {
    await store("Round Trip Club", [
      validPerk({ ShortDescription: "Trip day", Date: at("2030-06-15T00:00:00Z", false) }),
      validPerk({ ShortDescription: "Trip later", Date: at("2030-06-16T18:00:00Z") }),
      validPerk({ ShortDescription: "Trip long ago", Date: at("2020-01-01T00:00:00Z", false) }),
    ]);
    const id = collectionIds["Round Trip Club"]!;
    const before = await retrieveOk(caller.key, id);
    expect(before.perkData.map((perk) => [perk.ShortDescription, perk.Status])).toEqual([
      ["Trip day", "Upcoming"],
      ["Trip later", "Upcoming"],
      ["Trip long ago", "Past"],
    ]);
    perkClock.now = () => Date.parse("2030-06-16T00:00:00Z");
    const later = await retrieveOk(caller.key, id);
    expect(later.perkData.map((perk) => perk.Status)).toEqual(["Past", "Upcoming", "Past"]);

    const response = await create(caller.key, {
      nftData: { ...later.nftData, CollectionDescription: "Edited." },
      perkData: later.perkData,
    });
    expect(response.status).toBe(200);
    const after = await retrieveOk(caller.key, id);
    expect(after.perkData).toEqual(later.perkData);
    expect(after.nftData.CollectionDescription).toBe("Edited.");
    // Stored as sent back, so nothing the partner set is lost; earlier, a perk whose date is over still reads Past.
    perkClock.now = () => NOW;
    expect((await retrieveOk(caller.key, id)).perkData.map((perk) => perk.Status)).toEqual(["Past", "Upcoming", "Past"]);
  });

  it("sorts by date: upcoming soonest first, then past most recent first, then undated", async () => {
    expect(names(await found({ near: "48.8566,2.3522", radiusKm: 900, sort: "date" }))).toEqual([
      "Paris meetup",
      "London hoodie drop",
      "Berlin party",
    ]);
    expect(names(await found({ sort: "date", category: "Discounts" }))).toEqual(["Last minute", "First minute", "Plain offer"]);
    perkClock.now = () => Date.parse("2030-06-17T00:00:00Z");
    expect(names(await found({ sort: "date", category: "Discounts" }))).toEqual(["First minute", "Last minute", "Plain offer"]);
  });
});

describe("GET /api-gateway/perks: other filters", () => {
  it("filters by status, oneTime, category and text, together", async () => {
    expect(names(await found({ status: "Past", query: "bring" }))).toEqual(["Nukualofa feast", "Berlin party"]);
    expect(names(await found({ oneTime: "true", query: "bring" }))).toEqual(["Paris meetup", "Last minute"]);
    expect(names(await found({ oneTime: "false", category: "Discounts" }))).toEqual(["First minute", "Plain offer"]);
    expect(names(await found({ category: "Food" }))).toEqual(["Suva dinner", "Nukualofa feast"]);
    expect(names(await found({ category: "Food", status: "Upcoming" }))).toEqual(["Suva dinner"]);
    expect(names(await found({ query: "pacific" }))).toEqual(["Suva dinner", "Apia surf", "Nukualofa feast"]);
    expect(names(await found({ query: "pacific", near: "-13.8333,-171.7667", radiusKm: 1000 }))).toEqual(["Apia surf", "Nukualofa feast"]);
    expect(names(await found({ query: "pacific", near: "-13.8333,-171.7667", radiusKm: 1000, sort: "date" }))).toEqual([
      "Apia surf",
      "Nukualofa feast",
    ]);
  });

  it("ranks a match in the perk's own short description before one in other text", async () => {
    await store("Surf Riders", [
      validPerk({ ShortDescription: "Board wax", LongDescription: "For surf days.", Date: at("2028-01-01T00:00:00Z") }),
    ]);
    expect(names(await found({ query: "surf" }))).toEqual(["Apia surf", "Board wax"]);
    expect(names(await found({ query: "surf", sort: "date" }))).toEqual(["Board wax", "Apia surf"]);
  });

  it("pages 20 at a time, with the page count", async () => {
    await store(
      "Many Perks Guild",
      Array.from({ length: 25 }, (_, index) =>
        validPerk({ ShortDescription: `Guild perk ${index}`, Date: at(`2031-01-${String(index + 1).padStart(2, "0")}T00:00:00Z`) }),
      ),
    );
    const first = await found({ query: "guild" });
    expect(first.NumPages).toBe(2);
    expect(names(first)).toEqual(Array.from({ length: 20 }, (_, index) => `Guild perk ${index}`));
    const second = await found({ query: "guild", pageNum: 2 });
    expect(names(second)).toEqual(Array.from({ length: 5 }, (_, index) => `Guild perk ${index + 20}`));
    expect(await found({ query: "guild", pageNum: 3 })).toEqual({ NumPages: 2, Docs: [] });
  });

  it("keeps the rows in step with edits and deletes", async () => {
    await store("Moving Club", [
      validPerk({ ShortDescription: "Moving perk", ...place(10, 10) }),
      validPerk({ ShortDescription: "Staying perk", ...place(10, 10) }),
    ]);
    const id = collectionIds["Moving Club"]!;
    // Equally near: ties go by id.
    expect(names(await found({ near: "10,10", radiusKm: 5 })).sort()).toEqual(["Moving perk", "Staying perk"]);
    const record = await retrieveOk(caller.key, id);
    const moved = record.perkData.map((perk) => (perk.ShortDescription === "Moving perk" ? { ...perk, ...place(-10, -10) } : perk));
    expect((await create(caller.key, { nftData: record.nftData, perkData: moved })).status).toBe(200);
    expect(names(await found({ near: "10,10", radiusKm: 5 }))).toEqual(["Staying perk"]);
    expect(names(await found({ near: "-10,-10", radiusKm: 5 }))).toEqual(["Moving perk"]);
    expect((await removePerk(caller.key, id, ids["Staying perk"]!)).status).toBe(200);
    expect(names(await found({ near: "10,10", radiusKm: 5 }))).toEqual([]);
    expect((await deleteCollection(caller.key, id)).status).toBe(200);
    expect(names(await found({ near: "-10,-10", radiusKm: 5 }))).toEqual([]);
  });

  it("takes the first of a repeated parameter, as search does", async () => {
    expect(names(await found({ near: ["48.8566,2.3522", "-18.1248,178.4501"], radiusKm: 1 }))).toEqual(["Paris meetup"]);
  });
});

describe("GET /api-gateway/perks: access and bad input", () => {
  it("needs a key on the gateway; the site's twin is public", async () => {
    expect((await findPerks(null, { query: "paris" })).status).toBe(401);
    const response = await callRoute(
      new Request("http://localhost/api/perks?query=meetup", { headers: { "x-forwarded-for": "10.9.9.9" } }),
    );
    expect(response.status).toBe(200);
    expect(names(await response.json())).toEqual(["Paris meetup"]);
  });

  it.each([
    [{ near: "paris" }, 'near: expected "<lat>,<long>" with latitude -90..90 and longitude -180..180'],
    [{ near: "91,0" }, 'near: expected "<lat>,<long>" with latitude -90..90 and longitude -180..180'],
    [{ near: "0,180.5" }, 'near: expected "<lat>,<long>" with latitude -90..90 and longitude -180..180'],
    [{ near: "0" }, 'near: expected "<lat>,<long>" with latitude -90..90 and longitude -180..180'],
    [{ near: "0,0", radiusKm: "20001" }, "radiusKm: at most 20000"],
    [{ near: "0,0", radiusKm: "0.5" }, "radiusKm: at least 1"],
    [{ near: "0,0", radiusKm: "ten" }, "radiusKm: expected a number of kilometres, 1 to 20000"],
    [{ radiusKm: "10" }, "radiusKm: needs near"],
    [{ from: "2030-02-30" }, "from: expected an ISO date YYYY-MM-DD"],
    [{ to: "tomorrow" }, "to: expected an ISO date YYYY-MM-DD"],
    [{ from: "2030-06-02", to: "2030-06-01" }, "to: before from"],
    [{ status: "Soon" }, "status: must be one of Upcoming, Past"],
    [{ oneTime: "yes" }, "oneTime: expected true or false"],
    [{ sort: "distance" }, "sort: distance needs near"],
    [{ sort: "relevance" }, "sort: relevance needs query"],
    [{ sort: "price" }, "sort: must be one of date, distance, relevance"],
    [{ pageNum: "0" }, "pageNum: must be a positive integer below 1,000,000,000"],
    [{ category: "Boats" }, expect.stringMatching(/^category: unknown category "Boats"; allowed: Merch, /)],
    [{ radius: "10" }, "radius: unknown query parameter"],
  ])("refuses %j with a 400 naming the parameter, changing nothing", async (params, error) => {
    const before = await dumpStore();
    const response = await findPerks(caller.key, params as Record<string, string>);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error });
    expect(await dumpStore()).toEqual(before);
  });
});
