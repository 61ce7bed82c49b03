import type { z } from "zod";
import type { CreateRequestInput, collectionRecordSchema, createResponseSchema } from "@/lib/schemas/create-request";
import { GATEWAY_STATUS } from "@/lib/schemas/create-request";
import type { collectionDocSchema, collectionFieldsSchema } from "@/lib/schemas/collection";
import type { dryRunResponseSchema, historyEntrySchema, historyResponseSchema } from "@/lib/schemas/history";
import type { perkFieldsSchema } from "@/lib/schemas/perk";
import type { perkSearchResponseSchema } from "@/lib/schemas/perk-search-params";
import type { searchResponseSchema } from "@/lib/schemas/search-params";
import { WALLET_EXAMPLE, type walletPerksResponseSchema } from "@/lib/schemas/wallet-perks";

// Examples shown in the API reference. Typed by the schemas, and parsed by them in a test, so
// an example can never show a body the API would refuse.

const NFT_ID = "k3JqSuoHKx2VrhiBfpKK";
const PERK_ID = "Qx9fT2mLr8VbNc4sKd1e";

const collection = {
  Title: "Bored Otters Club",
  ContractChain: "Ethereum",
  CollectionDescription: "Ten thousand otters who are very, very bored.",
  Creator: "Otter Labs",
  ImagePic: "https://images.example.com/otters.png",
  Website: "https://otters.example.com",
  ContractAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  ReleaseStatus: "Upcoming",
  floorPrice: "notset",
  TokenQuantity: 10000,
} satisfies z.input<typeof collectionFieldsSchema>;

const perk = {
  ShortDescription: "Free hoodie",
  LongDescription: "Every holder gets one hoodie a year.",
  Status: "Upcoming",
  Tags: ["Merch", "Apparel"],
  OneTime: false,
  TokensRequired: 1,
  Date: { dt: { seconds: 1_767_225_600, nanoseconds: 0 }, timeSet: true },
  Location: { address: "New York, NY", latitude: 40.7128, longitude: -74.006 },
} satisfies z.input<typeof perkFieldsSchema>;

export const createExample = { nftData: collection, perkData: [perk] } satisfies CreateRequestInput;

export const editExample = {
  nftData: { ...collection, PlatformNFTId: NFT_ID, Version: 1, ReleaseStatus: "Available" },
  perkData: [{ ...perk, PlatformNFTId: NFT_ID, PlatformPerkId: PERK_ID, Status: "Past" }],
} satisfies CreateRequestInput;

export const addPerksExample = {
  perkData: [{ PlatformNFTId: NFT_ID, ShortDescription: "Holder meetup", Tags: ["Events"] }],
} satisfies CreateRequestInput;

export const createResponseExample = {
  nftData: { ...collection, PlatformNFTId: NFT_ID, Version: 1 },
  perkData: [{ ...perk, PlatformNFTId: NFT_ID, PlatformPerkId: PERK_ID }],
  GatewayStatus: GATEWAY_STATUS,
} satisfies z.input<typeof createResponseSchema>;

const stored = {
  PlatformNFTId: NFT_ID,
  ...collection,
  // Read from the chain once the contract is indexed: minted − burned.
  TokenQuantityIssued: 9998,
  Managers: ["Users/u7Rk2pQw9XcV1bN3mZ8a"],
  Perks: [`Perks/${PERK_ID}`],
  Version: 1,
  lastmodified: 1_795_000_000_000,
  path: `NFTs/${NFT_ID}`,
  CreationDate: "11/22/2026",
  BlockchainSyncStatus: "Synced",
  BlockchainSyncLocation: "eip155:1:21000000:0x8f5bab218b6bb34476f51ca588e9f4553a3a7ce5e13a66c660a5283e97e9a85a",
} satisfies z.input<typeof collectionDocSchema>;

export const recordExample = {
  nftData: stored,
  perkData: [{ PlatformNFTId: NFT_ID, PlatformPerkId: PERK_ID, ...perk }],
} satisfies z.input<typeof collectionRecordSchema>;

export const searchExample = { NumPages: 3, Docs: [stored] } satisfies z.input<typeof searchResponseSchema>;

export const perkSearchExample = {
  NumPages: 1,
  Docs: [
    {
      ...perk,
      Date: { dt: { seconds: 2_082_758_400, nanoseconds: 0 }, timeSet: true },
      PlatformNFTId: NFT_ID,
      PlatformPerkId: PERK_ID,
      CollectionTitle: collection.Title,
      CollectionImage: collection.ImagePic,
      DistanceKm: 2.481,
    },
  ],
} satisfies z.input<typeof perkSearchResponseSchema>;

/** A wallet holding one token of the collection through a vault's delegation: eligible for the perk, one token short of a second one. */
const vaultPart = [{ Vault: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", Holds: 1, Block: 21_400_010 }];
export const walletPerksExample = {
  Address: WALLET_EXAMPLE,
  Delegations: [
    { Chain: "Ethereum", Block: 21_400_010, Delegations: 1 },
    { Chain: "Base", Block: null, Delegations: 0, Problem: "the RPC of Base did not answer" },
  ],
  NumPages: 1,
  Docs: [
    {
      ...perk,
      PlatformNFTId: NFT_ID,
      PlatformPerkId: PERK_ID,
      CollectionTitle: collection.Title,
      CollectionImage: collection.ImagePic,
      Eligibility: { Eligible: true, Holds: 1, Delegated: vaultPart, TokensRequired: 1, Block: 21_400_000 },
    },
  ],
  Close: [
    {
      ...perk,
      ShortDescription: "Backstage pass at the yearly meetup",
      TokensRequired: 2,
      PlatformNFTId: NFT_ID,
      PlatformPerkId: "Vb8nW3qLz5TcRk2mXp9d",
      CollectionTitle: collection.Title,
      CollectionImage: collection.ImagePic,
      Eligibility: { Eligible: false, Holds: 1, Delegated: vaultPart, TokensRequired: 2, Block: 21_400_000 },
    },
  ],
} satisfies z.input<typeof walletPerksResponseSchema>;

const { Website: website, ...collectionWithoutWebsite } = collection;

const editChanges = [
  {
    Object: "collection" as const,
    Id: NFT_ID,
    Kind: "updated" as const,
    Fields: [
      { Path: "Title", From: "Bored Otters Club", To: "Bored Otters Society" },
      { Path: "Website", From: website },
    ],
  },
];

export const historyExample = {
  NumPages: 1,
  Docs: [
    {
      Id: 2,
      At: 1_795_000_600_000,
      Account: "Users/u7Rk2pQw9XcV1bN3mZ8a",
      Via: "portal session",
      Changes: editChanges,
      ChangesBytes: 196,
      HasState: true,
    },
    {
      Id: 1,
      At: 1_795_000_000_000,
      Account: "Users/u7Rk2pQw9XcV1bN3mZ8a",
      Via: "Keys/Hh3kP0sLq9WmX2cV7bN1",
      Changes: [
        { Object: "collection", Id: NFT_ID, Kind: "created", Fields: [{ Path: "Title", To: "Bored Otters Club" }] },
        { Object: "perk", Id: PERK_ID, Kind: "created", Fields: [{ Path: "ShortDescription", To: "Free hoodie" }] },
      ],
      ChangesBytes: 231,
      HasState: true,
    },
  ],
} satisfies z.input<typeof historyResponseSchema>;

export const historyEntryExample = {
  Id: 2,
  At: 1_795_000_600_000,
  Account: "Users/u7Rk2pQw9XcV1bN3mZ8a",
  Via: "portal session",
  Changes: editChanges,
  State: { nftData: { ...collectionWithoutWebsite, Title: "Bored Otters Society" }, perkData: [{ PlatformPerkId: PERK_ID, ...perk }] },
} satisfies z.input<typeof historyEntrySchema>;

export const dryRunExample = {
  DryRun: true,
  Response: { nftData: { ...collectionWithoutWebsite, PlatformNFTId: NFT_ID, Version: 3 }, GatewayStatus: GATEWAY_STATUS },
  Changes: [
    {
      PlatformNFTId: NFT_ID,
      Changes: [{ Object: "collection", Id: NFT_ID, Kind: "updated", Fields: [{ Path: "Website", From: website }] }],
      Unassigned: [{ Object: "collection", Id: NFT_ID, Path: "Website" }],
    },
  ],
} satisfies z.input<typeof dryRunResponseSchema>;
