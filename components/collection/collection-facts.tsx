import type { ReactNode } from "react";
import type { CollectionDoc } from "@/lib/schemas/collection";
import { ExternalLink } from "../external-link";
import { InstantText } from "../local-time";

const count = (value: number | undefined) => (value === undefined ? null : value.toLocaleString("en-US"));

/** Every public field of a collection that is set, as a description list. */
export function CollectionFacts({ nft }: { nft: CollectionDoc }) {
  const names = nft.PropertiesNames ?? [];
  const values = nft.PropertiesValues ?? [];
  const rows: [string, ReactNode][] = [
    ["Chain", nft.ContractChain],
    ["Contract address", nft.ContractAddress ? <code className="break-all text-sm">{nft.ContractAddress}</code> : null],
    ["Contract", nft.ContractText ? <span className="whitespace-pre-line">{nft.ContractText}</span> : null],
    ["Release status", nft.ReleaseStatus],
    ["Marketplace", nft.MarketPlace],
    ["Marketplace page", nft.MarketPlaceLink ? <ExternalLink href={nft.MarketPlaceLink} /> : null],
    ["Marketplace slug", nft.marketplaceSlug],
    ["Floor price", nft.floorPrice === undefined ? null : nft.floorPrice === "notset" ? "Not set" : nft.floorPrice],
    ["Price range", nft.PriceRange && nft.PriceRange !== "-" ? nft.PriceRange : null],
    ["Supply", count(nft.TokenQuantity)],
    ["Issued", count(nft.TokenQuantityIssued)],
    ["Website", nft.Website ? <ExternalLink href={nft.Website} /> : null],
    ["Discord", nft.Discord ? <ExternalLink href={nft.Discord} /> : null],
    ["Twitter", nft.Twitter ? <ExternalLink href={nft.Twitter} /> : null],
    ...names.map((name, index): [string, ReactNode] => [name, values[index] ?? ""]),
    ["Chain sync", nft.BlockchainSyncStatus],
    ["Created", nft.CreationDate],
    ["Last updated", <InstantText key="updated" ms={nft.lastmodified} />],
    ["Version", String(nft.Version)],
    ["Collection id", <code key="id" className="break-all text-sm">{nft.PlatformNFTId}</code>],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== "")
        .map(([label, value], index) => (
          <div key={`${label}-${index}`} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
