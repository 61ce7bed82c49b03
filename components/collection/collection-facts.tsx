import type { ReactNode } from "react";
import type { CollectionDoc } from "@/lib/schemas/collection";
import { shortIdentifier } from "@/lib/browse/links";
import { ExternalLink } from "../external-link";
import { outboundHref } from "@/lib/schemas/insights";
import { CopyValue } from "./copy-value";
import { parseCreationDate } from "@/lib/dates/format-date";
import { InstantText, PerkDateText } from "../local-time";

const count = (value: number | undefined) => (value === undefined ? null : value.toLocaleString("en-US"));

/**
 * A contract address is 42+ characters with nowhere to break: shown as `0x1234…abcd`, the whole
 * value in its title, for screen readers and behind Copy.
 */
function ContractAddress({ value }: { value: string }) {
  const short = shortIdentifier(value);
  if (short === value) return <code className="text-sm">{value}</code>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <code className="text-sm whitespace-nowrap" title={value} data-full-value={value}>
        <span aria-hidden="true">{short}</span>
        <span className="sr-only">{value}</span>
      </code>
      <CopyValue value={value} label="contract address" />
    </span>
  );
}

/**
 * What a community member needs to know about a collection, as a description list. Service
 * internals (Version, chain sync state, ids, marketplace slug) stay in the API.
 */
export function CollectionFacts({ nft }: { nft: CollectionDoc }) {
  const created = parseCreationDate(nft.CreationDate);
  const names = nft.PropertiesNames ?? [];
  const values = nft.PropertiesValues ?? [];
  const rows: [string, ReactNode][] = [
    ["Chain", nft.ContractChain],
    ["Contract address", nft.ContractAddress ? <ContractAddress value={nft.ContractAddress} /> : null],
    ["Contract", nft.ContractText ? <span className="whitespace-pre-line">{nft.ContractText}</span> : null],
    ["Release status", nft.ReleaseStatus],
    ["Marketplace", nft.MarketPlace],
    [
      "Marketplace page",
      nft.MarketPlaceLink ? <ExternalLink href={nft.MarketPlaceLink} via={outboundHref(nft.PlatformNFTId, nft.MarketPlaceLink)} /> : null,
    ],
    ["Floor price", nft.floorPrice === undefined ? null : nft.floorPrice === "notset" ? "Not set" : nft.floorPrice],
    ["Price range", nft.PriceRange && nft.PriceRange !== "-" ? nft.PriceRange : null],
    ["Supply", count(nft.TokenQuantity)],
    ["Issued", count(nft.TokenQuantityIssued)],
    ["Website", nft.Website ? <ExternalLink href={nft.Website} via={outboundHref(nft.PlatformNFTId, nft.Website)} /> : null],
    ["Discord", nft.Discord ? <ExternalLink href={nft.Discord} via={outboundHref(nft.PlatformNFTId, nft.Discord)} /> : null],
    ["Twitter", nft.Twitter ? <ExternalLink href={nft.Twitter} via={outboundHref(nft.PlatformNFTId, nft.Twitter)} /> : null],
    ...names.map((name, index): [string, ReactNode] => [name, values[index] ?? ""]),
    ["Listed", created === null ? null : <PerkDateText key="created" instant={{ ms: created, timeSet: false }} />],
    ["Last updated", <InstantText key="updated" ms={nft.lastmodified} />],
  ];
  return (
    // Label beside value where the box is wide (sm to lg); above it on phones and in the 22rem
    // sidebar from lg on, where a value column beside the labels would be too narrow for a link.
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-y-3 lg:grid-cols-1 lg:gap-y-1">
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== "")
        .map(([label, value], index) => (
          <div key={`${label}-${index}`} className="contents">
            <dt className="ui-term">{label}</dt>
            {/* Words wrap between words; one too long for the line (a pasted token) breaks as a last resort. */}
            <dd className="min-w-0 break-words max-sm:mb-2 lg:mb-2">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
