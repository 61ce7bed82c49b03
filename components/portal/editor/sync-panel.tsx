"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { InstantText } from "@/components/local-time";
import { Alert, StatusMessage } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { chainFactsOptions, useSyncNow } from "@/lib/portal/client/chain";
import { failureText } from "@/lib/portal/client/once-only-write";
import type { ChainFacts } from "@/lib/schemas/chain-facts";
import { VerifyOwnership } from "./verify-ownership";

const STANDARD_WORDS = { ERC721: "ERC-721", ERC1155: "ERC-1155" } as const;

function Facts({ facts }: { facts: ChainFacts }) {
  const rows: [string, ReactNode][] = [
    ["Status", facts.status],
    ["Last block", facts.lastBlock ?? "none yet"],
    ["Last caught up", facts.syncedAt ? <InstantText ms={facts.syncedAt} /> : "not yet"],
    ["Standard", facts.standard ? STANDARD_WORDS[facts.standard] : "unknown"],
    ["Name / symbol", [facts.name, facts.symbol].filter(Boolean).join(" / ") || "not given"],
    ["Tokens issued", facts.tokensIssued ?? "not indexed yet"],
    ["Holders", facts.holders ?? "not indexed yet"],
    ["Owner (EIP-173)", facts.owner ?? "none"],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The collection's chain sync: what the chain says, why it is not synced, "Sync now" and the owner's verification. */
export function SyncPanel({ id }: { id: string }) {
  const facts = useQuery(chainFactsOptions(id));
  const syncNow = useSyncNow(id);
  return (
    <section aria-labelledby="sync-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="sync-heading" className="text-lg font-semibold">
        Chain sync
      </h2>
      {facts.isPending && <p className="text-sm">Reading the sync…</p>}
      {facts.isError && <Alert>{failureText(facts.error)}</Alert>}
      {facts.data && !facts.data.address && <p className="text-sm">No contract address: there is nothing to sync.</p>}
      {facts.data?.address && (
        <>
          <p className="text-sm break-all">
            {facts.data.chain} contract{" "}
            {facts.data.explorerUrl ? (
              <a className="underline" href={facts.data.explorerUrl} rel="noopener noreferrer" target="_blank">
                {facts.data.address}
              </a>
            ) : (
              facts.data.address
            )}
          </p>
          {facts.data.reason && <Alert>{facts.data.reason}</Alert>}
          <Facts facts={facts.data} />
          {facts.data.syncable && (
            <div className="flex items-center gap-3">
              <Button tone="secondary" busy={syncNow.isPending} onClick={() => syncNow.mutate()}>
                Sync now
              </Button>
              {syncNow.isError && <Alert look="inline">{failureText(syncNow.error)}</Alert>}
              <StatusMessage>{syncNow.isSuccess ? "Sync queued." : ""}</StatusMessage>
            </div>
          )}
          {facts.data.syncable && <VerifyOwnership id={id} facts={facts.data} />}
        </>
      )}
    </section>
  );
}
