import { faker } from "@faker-js/faker";
import { ALPHANUMERIC } from "@/lib/ids";
import { CATEGORIES, type Category } from "@/lib/schemas/category-list";
import { collectionFieldsSchema, type CollectionFields } from "@/lib/schemas/collection";
import { perkFieldsSchema, type PerkFields } from "@/lib/schemas/perk";
import { CITIES } from "./cities";
import { randomSource, weightedSampler, zipfSampler } from "./zipf";

const CHAINS = ["Ethereum", "Polygon", "Solana", "Base", "Arbitrum", "Optimism", "Avalanche", "Tezos", "Flow", "Immutable X"];
const MARKETS = [
  { name: "OpenSea", url: "https://opensea.io/collection/" },
  { name: "Magic Eden", url: "https://magiceden.io/collections/" },
  { name: "Blur", url: "https://blur.io/collection/" },
  { name: "Rarible", url: "https://rarible.com/" },
];
const NOUNS = [
  "Otters",
  "Apes",
  "Foxes",
  "Robots",
  "Owls",
  "Koalas",
  "Wizards",
  "Astronauts",
  "Pandas",
  "Samurai",
  "Dragons",
  "Cats",
  "Penguins",
  "Mushrooms",
  "Ghosts",
  "Lions",
];
/** Title endings and their shares: "club" ends about a quarter of all titles, as in the real catalogue. */
const SUFFIXES = [
  ["Club", 20],
  ["Society", 15],
  ["Collective", 10],
  ["Genesis", 10],
  ["Legends", 10],
  ["Syndicate", 8],
  ["Academy", 8],
  ["Guild", 7],
  ["Originals", 7],
  ["Yacht Club", 5],
] as const;

/** What a perk of each category offers, so generated text reads like the real thing. */
const PERK_IDEAS: Record<Category, string[]> = {
  Merch: ["Limited hoodie drop", "Signed poster", "Holder-only cap"],
  Events: ["Holder meetup", "Launch party", "Private gallery night"],
  Gaming: ["In-game skin", "Early access to the game", "Tournament entry"],
  Conference: ["Conference pass", "Speaker lounge access", "Workshop seat"],
  Discounts: ["20% off the shop", "Half-price tickets", "Partner store discount"],
  Voting: ["Vote on the roadmap", "Treasury proposal rights", "Name the next drop"],
  Food: ["Chef's table dinner", "Free brunch", "Food truck voucher"],
  Drink: ["Craft beer tasting", "Wine club membership", "Coffee for a year"],
  "IP Rights": ["Commercial rights to your token", "Licensing for merch", "Character IP usage"],
  Apparel: ["Designer jacket", "Sneaker collab", "Streetwear capsule"],
  Video: ["Behind-the-scenes series", "Animated short premiere", "Director's cut access"],
  "Music/Audio": ["Exclusive album stems", "Backstage concert pass", "Holder-only playlist"],
  "Virtual Property": ["Metaverse land plot", "Virtual gallery space", "Avatar wearable"],
  Airdrops: ["Companion token airdrop", "Seasonal airdrop", "Mystery box airdrop"],
  Sports: ["Courtside seats", "Team training session", "Signed jersey"],
  eSports: ["Pro team meet and greet", "Scrim with the pros", "LAN party entry"],
  Sustainability: ["Tree planted per mint", "Carbon offset certificate", "Ocean cleanup day"],
  Staking: ["Stake for rewards", "Staking yield boost", "Locked staking bonus"],
};

const LOCATED = new Set<Category>(["Events", "Conference", "Food", "Drink", "Sports", "eSports"]);

/** Word samplers for one seeding run: Zipf-distributed over faker's English word lists. */
type Text = {
  words: (min: number, max: number) => string;
  adjective: () => string;
  noun: () => string;
  suffix: () => string;
  random: () => number;
  /** `length` characters of `alphabet`. */
  characters: (alphabet: string, length: number) => string;
  /** One of `values`, uniformly. */
  pick: <T>(values: readonly T[]) => T;
};

const HEX = "0123456789abcdef";
/**
 * Values of faker's templated generators (addresses, URLs, company and user names) drawn once
 * per run and sampled from: each call parses a template, and a million collections would make
 * five million calls. Creators repeat, as real ones do across their collections.
 */
const POOL_SIZE = 20_000;

function textSource(seed: number): Text {
  const random = randomSource(seed);
  const { adjective, noun, verb, adverb } = faker.definitions.word;
  const vocabulary = [...new Set([...adjective, ...noun, ...verb, ...adverb].filter((word) => /^[a-z]+$/.test(word)))];
  const word = zipfSampler(vocabulary, random, 1.05);
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const titleAdjective = zipfSampler(
    adjective.filter((w) => /^[a-z]{4,9}$/.test(w)),
    random,
    0.9,
  );
  const titleNoun = zipfSampler([...NOUNS, ...noun.filter((w) => /^[a-z]{3,10}$/.test(w)).map((w) => `${capital(w)}s`)], random, 0.9);
  return {
    random,
    words: (min, max) => Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, word).join(" "),
    adjective: () => capital(titleAdjective()),
    noun: titleNoun,
    suffix: weightedSampler(SUFFIXES, random),
    characters: (alphabet, length) => {
      let text = "";
      while (text.length < length) text += alphabet[Math.floor(random() * alphabet.length)];
      return text;
    },
    pick: (values) => values[Math.floor(random() * values.length)]!,
  };
}

type Pools = { creators: string[]; sites: string[]; streets: string[] };

const poolOf = (make: () => string) => Array.from({ length: POOL_SIZE }, make);
const makePools = (): Pools => ({
  creators: poolOf(() => (faker.datatype.boolean() ? faker.company.name() : faker.internet.username())),
  sites: poolOf(() => faker.internet.url()),
  streets: poolOf(() => faker.location.streetAddress()),
});

function perk(now: number, text: Text, pools: Pools): PerkFields {
  const tags = faker.helpers.arrayElements([...CATEGORIES], { min: 1, max: 3 });
  const main = tags[0] ?? "Merch";
  const seconds = Math.floor(now / 1000) + faker.number.int({ min: -365, max: 365 }) * 86_400;
  const fields: PerkFields = {
    ShortDescription: faker.helpers.arrayElement(PERK_IDEAS[main]),
    LongDescription: `${text.words(6, 16)}.`,
    Site: text.pick(pools.sites),
    Status: seconds * 1000 < now ? "Past" : "Upcoming",
    Tags: tags,
    OneTime: faker.datatype.boolean(),
    TokensRequired: faker.helpers.weightedArrayElement([
      { weight: 6, value: 1 },
      { weight: 3, value: faker.number.int({ min: 2, max: 10 }) },
      { weight: 1, value: 0 },
    ]),
    Date: faker.datatype.boolean(0.85) ? { dt: { seconds, nanoseconds: 0 }, timeSet: faker.datatype.boolean() } : "",
  };
  if (tags.some((tag) => LOCATED.has(tag))) {
    // A real city, and a spot within about 15 km of its centre, so that perks cluster as they would.
    const city = faker.helpers.arrayElement(CITIES);
    const latitude = Math.round((city.lat + faker.number.float({ min: -0.12, max: 0.12 })) * 1e5) / 1e5;
    const longitude = Math.round((((city.long + faker.number.float({ min: -0.12, max: 0.12 }) + 540) % 360) - 180) * 1e5) / 1e5;
    fields.Location = {
      GeoPoint: { _lat: latitude, _long: longitude },
      address: `${text.pick(pools.streets)}, ${city.name}`,
      latitude,
      longitude,
      placeId: text.characters(ALPHANUMERIC, 27),
    };
  }
  return fields;
}

export type DemoCollection = { data: CollectionFields; perks: PerkFields[]; lastmodified: number; createdAt: Date };

/** The pictures in public/demo/: the app serves them itself, so the demo works offline and behind a firewall. */
export const DEMO_IMAGES = 8;

/** Where the demo's pictures are fetched from: the app's public URL, or the dev server's address. */
export const demoImageOrigin = () => process.env.BETTER_AUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

/** One of the demo pictures, picked by a drawn word. */
function demoImage(origin: string, word: string): string {
  const index = [...word].reduce((sum, character) => sum + character.charCodeAt(0), 0) % DEMO_IMAGES;
  return `${origin.replace(/\/$/, "")}/demo/collection-${index + 1}.svg`;
}

/**
 * Makes realistic collections with 0–6 perks. Text is drawn from a seeded source (seeded from
 * faker, so `faker.seed` makes a run repeatable); every 1,000th record is checked against the
 * schemas the API uses, which is enough to catch drift without slowing a million-row seed.
 * Pictures are the app's own (`imageOrigin` + /demo/…), never a third-party host's.
 */
export function demoCollections(imageOrigin = demoImageOrigin()): (now?: number) => DemoCollection {
  const text = textSource(faker.number.int({ max: 2 ** 31 }));
  const pools = makePools();
  let made = 0;
  return (now = Date.now()) => {
    const noun = text.noun();
    const title = `${text.adjective()} ${noun} ${text.suffix()}`;
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const market = faker.helpers.arrayElement(MARKETS);
    const supply = faker.helpers.arrayElement([1_000, 2_222, 3_333, 5_000, 7_777, 8_888, 10_000]);
    const createdAt = new Date(now - 86_400_000 - Math.floor(text.random() * 3 * 365 * 86_400_000));
    const data: CollectionFields = {
      Title: title,
      ContractChain: faker.helpers.arrayElement(CHAINS),
      CollectionDescription: `${supply.toLocaleString("en-US")} ${noun.toLowerCase()} ${text.words(8, 24)}.`,
      ContractAddress: `0x${text.characters(HEX, 40)}`,
      Creator: text.pick(pools.creators),
      Discord: `https://discord.gg/${text.characters(ALPHANUMERIC, 8)}`,
      Twitter: `https://twitter.com/${slug.replace(/-/g, "").slice(0, 15)}`,
      ImagePic: demoImage(imageOrigin, text.characters(ALPHANUMERIC, 10)),
      MarketPlace: market.name,
      MarketPlaceLink: `${market.url}${slug}`,
      ReleaseStatus: faker.helpers.arrayElement(["Upcoming", "Available"] as const),
      Website: `https://${slug}.example.com`,
      floorPrice: faker.datatype.boolean(0.8) ? faker.finance.amount({ min: 0.01, max: 20, dec: 3 }) : "notset",
      marketplaceSlug: slug,
      TokenQuantity: supply,
      TokenQuantityIssued: Math.floor(text.random() * (supply + 1)),
    };
    const perks = Array.from({ length: Math.floor(text.random() * 7) }, () => perk(now, text, pools));
    if (made++ % 1_000 === 0) {
      collectionFieldsSchema.parse(data);
      for (const one of perks) perkFieldsSchema.parse(one);
    }
    return { data, perks, createdAt, lastmodified: createdAt.getTime() + Math.floor(text.random() * (now - createdAt.getTime())) };
  };
}
