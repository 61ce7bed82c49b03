import { faker } from "@faker-js/faker";
import { CATEGORIES, type Category } from "@/lib/schemas/categories";
import { collectionFieldsSchema, type CollectionFields } from "@/lib/schemas/collection";
import { perkFieldsSchema, type PerkFields } from "@/lib/schemas/perk";

const CHAINS = ["Ethereum", "Polygon", "Solana", "Base", "Arbitrum", "Optimism", "Avalanche", "Tezos", "Flow", "Immutable X"];
const MARKETS = [
  { name: "OpenSea", url: "https://opensea.io/collection/" },
  { name: "Magic Eden", url: "https://magiceden.io/collections/" },
  { name: "Blur", url: "https://blur.io/collection/" },
  { name: "Rarible", url: "https://rarible.com/" },
];
const NOUNS = ["Otters", "Apes", "Foxes", "Robots", "Owls", "Koalas", "Wizards", "Astronauts", "Pandas", "Samurai", "Dragons", "Cats", "Penguins", "Mushrooms", "Ghosts", "Lions"];
const SUFFIXES = ["Club", "Society", "Collective", "Genesis", "Legends", "Syndicate", "Guild", "Originals", "Yacht Club", "Academy"];

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

function perk(now: number): PerkFields {
  const tags = faker.helpers.arrayElements([...CATEGORIES], { min: 1, max: 3 });
  const main = tags[0] ?? "Merch";
  const seconds = Math.floor(now / 1000) + faker.number.int({ min: -365, max: 365 }) * 86_400;
  const fields: PerkFields = {
    ShortDescription: faker.helpers.arrayElement(PERK_IDEAS[main]),
    LongDescription: `${faker.company.catchPhrase()}. ${faker.lorem.sentences({ min: 1, max: 3 })}`,
    Site: faker.internet.url(),
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
    const latitude = faker.location.latitude();
    const longitude = faker.location.longitude();
    fields.Location = {
      GeoPoint: { _lat: latitude, _long: longitude },
      address: `${faker.location.streetAddress()}, ${faker.location.city()}`,
      latitude,
      longitude,
      placeId: faker.string.alphanumeric(27),
    };
  }
  return perkFieldsSchema.parse(fields);
}

export type DemoCollection = { data: CollectionFields; perks: PerkFields[]; lastmodified: number; createdAt: Date };

/** One realistic collection with 0–6 perks, validated by the same schemas the API uses. */
export function demoCollection(now = Date.now()): DemoCollection {
  const noun = faker.helpers.arrayElement(NOUNS);
  const title = `${faker.word.adjective({ length: { min: 4, max: 9 } })} ${noun} ${faker.helpers.arrayElement(SUFFIXES)}`.replace(/^\w/, (c) => c.toUpperCase());
  const slug = faker.helpers.slugify(title).toLowerCase();
  const market = faker.helpers.arrayElement(MARKETS);
  const supply = faker.helpers.arrayElement([1_000, 2_222, 3_333, 5_000, 7_777, 8_888, 10_000]);
  const createdAt = faker.date.between({ from: now - 3 * 365 * 86_400_000, to: now - 86_400_000 });
  const data = collectionFieldsSchema.parse({
    Title: title,
    ContractChain: faker.helpers.arrayElement(CHAINS),
    CollectionDescription: `${supply.toLocaleString("en-US")} ${noun.toLowerCase()} ${faker.company.buzzPhrase()}. ${faker.lorem.sentences({ min: 1, max: 3 })}`,
    ContractAddress: faker.finance.ethereumAddress(),
    Creator: faker.helpers.arrayElement([faker.company.name(), faker.internet.username()]),
    Discord: `https://discord.gg/${faker.string.alphanumeric(8)}`,
    Twitter: `https://twitter.com/${slug.replace(/-/g, "").slice(0, 15)}`,
    ImagePic: `https://picsum.photos/seed/${faker.string.alphanumeric(10)}/400/400`,
    MarketPlace: market.name,
    MarketPlaceLink: `${market.url}${slug}`,
    ReleaseStatus: faker.helpers.arrayElement(["Upcoming", "Available"]),
    Website: `https://${slug}.example.com`,
    floorPrice: faker.datatype.boolean(0.8) ? faker.finance.amount({ min: 0.01, max: 20, dec: 3 }) : "notset",
    marketplaceSlug: slug,
    TokenQuantity: supply,
    TokenQuantityIssued: faker.number.int({ min: 0, max: supply }),
  });
  return {
    data,
    perks: Array.from({ length: faker.number.int({ min: 0, max: 6 }) }, () => perk(now)),
    createdAt,
    lastmodified: faker.date.between({ from: createdAt, to: now }).getTime(),
  };
}
