import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, createOk, newCaller, search, validCollection, validPerk } from "../support/api";

/**
 * Relevance set: a fixed small store and, per query, the collections that must come first, as
 * ordered groups (within a group any order). Every change to how search stores or ranks text must
 * keep all of these passing.
 */

type Spec = { title: string; creator?: string; description?: string; perks?: { text: string; tags: string[] }[] };

const STORE: Record<string, Spec> = {
  krakenHarbor: {
    title: "Kraken Harbor",
    creator: "Deepsea Labs",
    description: "Tentacled guardians of the old port",
    perks: [{ text: "Harbor cruise night", tags: ["Events"] }],
  },
  krakenLegends: {
    title: "Kraken Legends Society",
    creator: "Mythic Studio",
    description: "Stories told by sailors",
    perks: [{ text: "Sea monster game skin", tags: ["Gaming"] }],
  },
  harborSeals: {
    title: "Harbor Seals",
    creator: "Coastline",
    description: "Seals basking on kraken rocks",
    perks: [{ text: "Fish supper", tags: ["Food"] }],
  },
  vaultDwellers: { title: "Vault Dwellers", description: "Underground bunkers", perks: [{ text: "Stake for yield", tags: ["Staking"] }] },
  vaultHeist: {
    title: "Midnight Heist",
    description: "A crew that cracks every vault and dweller hideout",
    perks: [{ text: "Safehouse tour", tags: ["Events"] }],
  },
  auroraCreator: {
    title: "Polar Lights",
    creator: "Aurora Works",
    description: "Night sky prints",
    perks: [{ text: "Print on canvas", tags: ["Merch"] }],
  },
  auroraDescription: {
    title: "Northern Trails",
    creator: "Tundra Co",
    description: "Chasing the aurora over the fjords",
    perks: [{ text: "Sled ride", tags: ["Sports"] }],
  },
  auroraPerk: {
    title: "Frozen Lakes",
    creator: "Icefield",
    description: "Quiet winter scenes",
    perks: [{ text: "Guided aurora tour", tags: ["Events"] }],
  },
  jazzClub: {
    title: "Blue Note Jazz Club",
    creator: "Velvet Records",
    description: "Late sets downtown",
    perks: [{ text: "Backstage pass", tags: ["Music/Audio"] }],
  },
  chessClub: {
    title: "Grandmaster Chess Club",
    creator: "Rook House",
    description: "Blitz every Friday",
    perks: [{ text: "Board signed by champions", tags: ["Merch"] }],
  },
  yachtClub: {
    title: "Bored Yacht Club",
    creator: "Marina Guild",
    description: "Sailing at sunset",
    perks: [{ text: "Regatta seat", tags: ["Sports", "Events"] }],
  },
  clubDescription: {
    title: "Velvet Lounge",
    creator: "Nightowl",
    description: "A members club for vinyl collectors",
    perks: [{ text: "Listening party", tags: ["Music/Audio"] }],
  },
  clubPerk: {
    title: "Street Sneakers",
    creator: "Kicks Lab",
    description: "Limited sneaker drops",
    perks: [{ text: "Entry to the sneaker club night", tags: ["Apparel"] }],
  },
  dragonForge: {
    title: "Dragon Forge",
    creator: "Emberline",
    description: "Smiths of scaled armour",
    perks: [{ text: "Forged pin", tags: ["Merch"] }],
  },
  dragonfly: {
    title: "Dragonfly Gardens",
    creator: "Meadow",
    description: "Ponds and reeds",
    perks: [{ text: "Seed packet", tags: ["Sustainability"] }],
  },
  dragonPerk: {
    title: "Castle Keep",
    creator: "Stonewall",
    description: "Towers and moats",
    perks: [{ text: "Dragon boat race tickets", tags: ["Sports"] }],
  },
  neonSamurai: {
    title: "Neon Samurai",
    creator: "Cyber Dojo",
    description: "Blades in the rain",
    perks: [
      { text: "Tournament entry", tags: ["eSports"] },
      { text: "Dojo hoodie", tags: ["Apparel"] },
    ],
  },
  samuraiCoffee: {
    title: "Samurai Coffee Guild",
    creator: "Roastery",
    description: "Beans from the hills",
    perks: [{ text: "Coffee for a year", tags: ["Drink"] }],
  },
  coffeeDesc: {
    title: "Morning Rituals",
    creator: "Daybreak",
    description: "Coffee and samurai stories at dawn",
    perks: [{ text: "Mug", tags: ["Merch"] }],
  },
  cafe: {
    title: "Café Lumière",
    creator: "Pâtisserie Étoile",
    description: "Croissants au beurre",
    perks: [{ text: "Free croissant", tags: ["Food"] }],
  },
  tokyo: {
    title: "東京 Nights",
    creator: "Shibuya Crew",
    description: "City lights",
    perks: [{ text: "Karaoke night", tags: ["Events"] }],
  },
  musicAudio: {
    title: "Studio Tapes",
    creator: "Reel",
    description: "Analogue recordings",
    perks: [{ text: "Exclusive stems", tags: ["Music/Audio"] }],
  },
  esports: {
    title: "Pixel Arena",
    creator: "Frag Co",
    description: "e-sports league for everyone",
    perks: [{ text: "Scrim with the pros", tags: ["eSports"] }],
  },
  wineCellar: {
    title: "Wine Cellar Society",
    creator: "Vintners",
    description: "Old vintages",
    perks: [{ text: "Wine club membership", tags: ["Drink"] }],
  },
  wineMention: {
    title: "Harvest Moon",
    creator: "Farmstead",
    description: "Grapes, cider and wine",
    perks: [{ text: "Cider tasting", tags: ["Drink"] }],
  },
  rocketLab: {
    title: "Rocket Lab Genesis",
    creator: "Orbit",
    description: "Launch window passes",
    perks: [{ text: "Launch viewing", tags: ["Events"] }],
  },
  rocketRaccoons: {
    title: "Rocket Raccoons",
    creator: "Trash Pandas",
    description: "Raccoons in space",
    perks: [{ text: "Airdrop of moon rocks", tags: ["Airdrops"] }],
  },
};

// Many weaker matches of the broad words, so the expected collections must outrank them.
for (let i = 0; i < 30; i += 1) {
  STORE[`filler${i}`] = {
    title: `Filler Collection ${i}`,
    creator: `Maker ${i}`,
    description: `A club of collectors ${i % 2 ? "near the harbor" : "with a vault"}, wine and coffee on weekends`,
    perks: [{ text: `Dragon sticker ${i} and club pass`, tags: [i % 3 ? "Merch" : "Events"] }],
  };
}

type Case = { query?: string; category?: string; first: string[][]; why: string };

const CASES: Case[] = [
  { why: "exact title", query: "Kraken Harbor", first: [["krakenHarbor"]] },
  { why: "exact title, other fields mention both words", query: "Vault Dwellers", first: [["vaultDwellers"]] },
  { why: "one title word", query: "kraken", first: [["krakenHarbor", "krakenLegends"]] },
  { why: "title prefix", query: "krak", first: [["krakenHarbor", "krakenLegends"]] },
  { why: "title prefix of two words", query: "krak leg", first: [["krakenLegends"]] },
  { why: "typed prefix of a title word", query: "drago", first: [["dragonForge", "dragonfly"]] },
  { why: "whole title word beats perk text", query: "dragon forge", first: [["dragonForge"]] },
  { why: "creator only", query: "deepsea", first: [["krakenHarbor"]] },
  { why: "creator prefix", query: "velvet rec", first: [["jazzClub"]] },
  {
    why: "creator before description before perk text",
    query: "aurora",
    first: [["auroraCreator"], ["auroraDescription"], ["auroraPerk"]],
  },
  { why: "perk text only", query: "cruise", first: [["krakenHarbor"]] },
  { why: "perk text prefix", query: "safeho", first: [["vaultHeist"]] },
  { why: "description only", query: "tentacled", first: [["krakenHarbor"]] },
  { why: "two words in title beat two words spread", query: "samurai coffee", first: [["samuraiCoffee"]] },
  { why: "two words across fields", query: "neon tournament", first: [["neonSamurai"]] },
  { why: "broad word: title hits first", query: "club", first: [["jazzClub", "chessClub", "yachtClub"]] },
  { why: "broad word with category", query: "club", category: "Music/Audio", first: [["jazzClub"], ["clubDescription"]] },
  { why: "category filter on a title word", query: "kraken", category: "Gaming", first: [["krakenLegends"]] },
  { why: "category filter keeps only tagged collections", query: "harbor", category: "Food", first: [["harborSeals"]] },
  { why: "broad word: title hit before many description hits", query: "wine", first: [["wineCellar"]] },
  { why: "broad word prefix: title hits first", query: "rock", first: [["rocketLab", "rocketRaccoons"]] },
  { why: "two-word title prefix", query: "rocket rac", first: [["rocketRaccoons"]] },
  { why: "accented word", query: "café", first: [["cafe"]] },
  { why: "accented creator", query: "pâtisserie", first: [["cafe"]] },
  { why: "non-Latin script", query: "東京", first: [["tokyo"]] },
  { why: "category name words in text", query: "stems", category: "Music/Audio", first: [["musicAudio"]] },
  { why: "hyphenated word", query: "e-sports", first: [["esports"]] },
  { why: "case and punctuation", query: "BORED, yacht!", first: [["yachtClub"]] },
  { why: "three words", query: "grandmaster chess club", first: [["chessClub"]] },
  { why: "title word and category, many weaker matches", query: "dragon", category: "Sports", first: [["dragonPerk"]] },
];

let caller: Caller;
const ids: Record<string, string> = {};
const names = new Map<string, string>();

beforeAll(async () => {
  caller = await newCaller();
  for (const [name, spec] of Object.entries(STORE)) {
    const echo = await createOk(caller.key, {
      nftData: validCollection({ Title: spec.title, Creator: spec.creator ?? "", CollectionDescription: spec.description ?? "" }),
      perkData: (spec.perks ?? []).map((perk) => validPerk({ ShortDescription: perk.text, LongDescription: "", Tags: perk.tags })),
    });
    ids[name] = echo.nftData.PlatformNFTId;
    names.set(echo.nftData.PlatformNFTId, name);
  }
}, 120_000);

async function ranked(query: string | undefined, category: string | undefined): Promise<string[]> {
  const response = await search(caller.key, { ...(query ? { query } : {}), ...(category ? { category } : {}) });
  const body = (await response.json()) as { Docs: { PlatformNFTId: string }[] };
  expect(response.status).toBe(200);
  return body.Docs.map((doc) => names.get(doc.PlatformNFTId) ?? doc.PlatformNFTId);
}

describe("search relevance", () => {
  it("has at least 25 queries", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
  });

  it.each(CASES.map((spec) => [spec.why, spec] as const))("%s", async (_why, spec) => {
    const found = await ranked(spec.query, spec.category);
    let at = 0;
    for (const group of spec.first) {
      expect(new Set(found.slice(at, at + group.length)), `${spec.query} ${spec.category ?? ""}: ${found.join(", ")}`).toEqual(
        new Set(group),
      );
      at += group.length;
    }
  });
});
