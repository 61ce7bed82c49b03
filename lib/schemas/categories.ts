import { z } from "zod";

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

export const categorySchema = z.enum(CATEGORIES, {
  error: (issue) => `unknown category ${JSON.stringify(issue.input)}`,
});
