import { LIMITS } from "./limits";
import { URL_MESSAGE, textMessage, type FieldIssue, type FriendlyMessages } from "./friendly-messages";

const text = (what: string, max: number = LIMITS.text) => textMessage(what, max, `Check the ${what}.`);
const tokens = (what: string) => (issue: FieldIssue) =>
  issue.code === "too_small" ? `${what} can't be negative.` : `Enter ${what.toLowerCase()} as a whole number, such as 1000.`;

/** The collection form's messages, beside `collectionFieldsSchema` (collection.ts). */
export const COLLECTION_MESSAGES: FriendlyMessages = {
  Title: textMessage("title", LIMITS.title, "Enter a title."),
  ContractChain: textMessage("chain", LIMITS.text, "Enter the chain, such as Ethereum, Base or Solana."),
  CollectionDescription: text("description", LIMITS.description),
  ContractAddress: text("contract address"),
  ContractText: text("contract text", LIMITS.description),
  Creator: text("creator"),
  Discord: URL_MESSAGE,
  Twitter: URL_MESSAGE,
  ImagePic: URL_MESSAGE,
  Website: URL_MESSAGE,
  MarketPlaceLink: URL_MESSAGE,
  MarketPlace: text("marketplace"),
  marketplaceSlug: text("marketplace slug"),
  PriceRange: text("price range"),
  ReleaseStatus: "Choose Upcoming, Available or Not set.",
  floorPrice: "Enter a price such as 0.25, or choose Not set.",
  TokenQuantity: tokens("Token quantity"),
  TokenQuantityIssued: tokens("Tokens issued"),
};
