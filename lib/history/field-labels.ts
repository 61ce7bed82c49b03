/** The editor's names for the fields a history entry or a preview lists; any other shows as it is named in the API. */
const LABELS: Record<string, string> = {
  Title: "Title",
  ContractChain: "Chain",
  CollectionDescription: "Description",
  ContractAddress: "Contract address",
  ContractText: "Contract text",
  Creator: "Creator",
  Discord: "Discord",
  Twitter: "Twitter",
  ImagePic: "Image URL",
  MarketPlace: "Marketplace",
  MarketPlaceLink: "Marketplace link",
  ReleaseStatus: "Release status",
  Website: "Website",
  floorPrice: "Floor price",
  marketplaceSlug: "Marketplace slug",
  PriceRange: "Price range",
  PropertiesNames: "Property names",
  PropertiesValues: "Property values",
  TokenQuantity: "Token quantity",
  TokenQuantityIssued: "Tokens issued",
  ShortDescription: "Short description",
  LongDescription: "Long description",
  Site: "Site",
  Status: "Status",
  Tags: "Categories",
  OneTime: "One-time perk",
  TokensRequired: "Tokens required",
  Date: "Date",
  Location: "Location",
};

export const fieldLabel = (path: string) => LABELS[path] ?? path;

/** The partner-owned fields, by name (the server-managed ones of a read record are not among them). */
export const EDITABLE: Readonly<Record<string, string>> = LABELS;
