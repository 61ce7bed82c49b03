import type { ReactNode } from "react";
import { shortIdentifier } from "@/lib/browse/links";
import { publicSyncReason } from "@/lib/chain/public-reason";
import type { ChainFacts } from "@/lib/schemas/chain-facts";
import { ExternalLink } from "../external-link";
import { InstantText } from "../local-time";

const STANDARD_WORDS = { ERC721: "ERC-721", ERC1155: "ERC-1155" } as const;
const count = (value: number | null) => (value === null ? null : value.toLocaleString("en-US"));

/** The contract, linked to the chain's block explorer when it has one. */
function Contract({ facts }: { facts: ChainFacts }) {
  const short = shortIdentifier(facts.address);
  if (!facts.explorerUrl) return <code className="text-sm">{short}</code>;
  return (
    <ExternalLink href={facts.explorerUrl}>
      <code className="text-sm" title={facts.address}>
        {short}
      </code>
      <span className="sr-only"> ({facts.address}) on the block explorer</span>
    </ExternalLink>
  );
}

/**
 * What the chain says about the collection's contract, as the service's sync read it (the sync
 * panel's facts): whether it is synced and why not, the last block, the standard, name and
 * symbol, tokens issued and holders. Nothing without a contract address. The reason is in visitors'
 * words (the portal's sync panel keeps the variable to set).
 */
export function ChainFactsSection({ facts }: { facts: ChainFacts }) {
  if (!facts.address) return null;
  const status = facts.status === "Synced" ? "Synced" : facts.syncable && !facts.reason ? "Updating" : "Not synced";
  const rows: [string, ReactNode][] = [
    ["Contract", <Contract key="contract" facts={facts} />],
    ["Sync", status],
    ["Why", publicSyncReason(facts)],
    ["Last block", facts.lastBlock === null ? null : count(facts.lastBlock)],
    ["Synced at", facts.syncedAt === null ? null : <InstantText key="synced" ms={facts.syncedAt} />],
    ["Standard", facts.standard ? STANDARD_WORDS[facts.standard] : null],
    ["Name / symbol", [facts.name, facts.symbol].filter(Boolean).join(" / ") || null],
    ["Tokens issued", count(facts.tokensIssued)],
    ["Holders", count(facts.holders)],
  ];
  return (
    <section aria-labelledby="chain-facts-heading" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 id="chain-facts-heading" className="mb-3 font-semibold">
        On chain ({facts.chain})
      </h3>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-y-3 lg:grid-cols-1 lg:gap-y-1">
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== "")
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="ui-term">{label}</dt>
              <dd className="min-w-0 break-words max-sm:mb-2 lg:mb-2">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
