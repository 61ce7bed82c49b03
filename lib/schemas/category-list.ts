// No zod here: the browser imports this list, and zod would add ~35 KB to every page.

/** The perk categories of the contract, exact case, in the contract's order. */
export const CATEGORIES = [
  "Merch",
  "Events",
  "Gaming",
  "Conference",
  "Discounts",
  "Voting",
  "Food",
  "Drink",
  "IP Rights",
  "Apparel",
  "Video",
  "Music/Audio",
  "Virtual Property",
  "Airdrops",
  "Sports",
  "eSports",
  "Sustainability",
  "Staking",
] as const;

export type Category = (typeof CATEGORIES)[number];
