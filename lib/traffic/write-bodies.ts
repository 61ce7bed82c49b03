import { CATEGORIES } from "@/lib/schemas/category-list";

/** Words the benches', the soak's and the start-up rehearsal's writes draw their titles from. */
const WORDS = [
  "club",
  "otters",
  "genesis",
  "apes",
  "society",
  "legends",
  "hoodie",
  "meetup",
  "airdrop",
  "staking",
  "dragons",
  "guild",
  "wine",
  "concert",
  "land",
  "pass",
  "tickets",
  "vote",
  "skin",
  "jersey",
];

export const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** A valid perk for a create body; `label` tells the bench's and the soak's perks apart. */
export const perkBody = (label: string) => ({
  ShortDescription: `${label} perk ${pick(WORDS)}`,
  LongDescription: "Measured under load.",
  Tags: [pick(CATEGORIES)],
  Status: "Upcoming",
  TokensRequired: 1,
});

/** A valid collection for a create body, titled with one or two of the words. */
export const collectionBody = (label: string, words = 2) => ({
  Title: `${label} ${Array.from({ length: words }, () => pick(WORDS)).join(" ")}`,
  ContractChain: "Base",
  floorPrice: "notset",
});
