"use client";

import { useQuery } from "@tanstack/react-query";
import { InstantText } from "@/components/local-time";
import { buttonClass } from "@/components/ui/button";
import { QueryStates } from "@/components/ui/query-states";
import { Table, type Column } from "@/components/ui/table";
import { fetchJson, retryUnlessClientError } from "@/lib/http/client/fetch-json";
import { portalKeys } from "@/lib/portal/client/queries";
import { showCode, type ClaimList } from "@/lib/schemas/claims";
import type { Role } from "@/lib/schemas/team-roles";
import { RoleGate } from "@/components/portal/team/role-gate";
import { RedeemForm } from "./redeem-form";

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
type ClaimRow = ClaimList["Claims"][number];

const CLAIM_COLUMNS: Column<ClaimRow>[] = [
  {
    header: "Perk",
    cell: (claim) => claim.PerkDescription ?? <span className="text-slate-600 dark:text-slate-400">Deleted perk</span>,
  },
  {
    header: "Wallet",
    className: "font-mono",
    cell: (claim) => (
      <span title={claim.Wallet}>
        {short(claim.Wallet)}
        {claim.Vault ? (
          <span className="block text-xs text-slate-600 dark:text-slate-400" title={claim.Vault}>
            via {short(claim.Vault)} (delegated)
          </span>
        ) : null}
      </span>
    ),
  },
  { header: "Token", cell: (claim) => (claim.TokenId === null ? "—" : `#${claim.TokenId}`) },
  { header: "Claimed", className: "whitespace-nowrap", cell: (claim) => <InstantText ms={Date.parse(claim.ClaimedAt)} /> },
  { header: "Code", className: "font-mono whitespace-nowrap", cell: (claim) => showCode(claim.Code) },
  {
    header: "Redeemed",
    className: "whitespace-nowrap",
    cell: (claim) => (claim.RedeemedAt ? <InstantText ms={Date.parse(claim.RedeemedAt)} /> : "Not yet"),
  },
];

/**
 * A collection's claims: who claimed which perk with which token, when, and whether the code was
 * redeemed; CSV download; the redeem form, which needs an editor (a viewer sees it read only).
 */
export function ClaimsView({ id, role }: { id: string; role: Role | undefined }) {
  const url = `/api/portal/collections/${encodeURIComponent(id)}/claims`;
  const claims = useQuery({
    queryKey: [...portalKeys.all, "claims", id],
    queryFn: ({ signal }) => fetchJson<ClaimList>(url, { signal }),
    retry: retryUnlessClientError,
  });
  return (
    <div className="flex flex-col gap-6">
      <RoleGate role={role} needs="editor" what="redeeming a code">
        <RedeemForm />
      </RoleGate>
      <section aria-labelledby="claims-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="claims-heading" className="text-lg font-semibold">
            Claims
          </h2>
          <a href={`${url}?format=csv`} download className={buttonClass({ tone: "secondary", size: "xs" })}>
            Download CSV
          </a>
        </div>
        <QueryStates
          query={claims}
          what="The claims"
          loading="Loading the claims…"
          empty={{ when: (data) => data.Claims.length === 0, say: "No holder has claimed a perk of this collection yet." }}
        >
          {(data) => (
            <Table
              caption="Claims of this collection's perks, newest first"
              columns={CLAIM_COLUMNS}
              rows={data.Claims}
              rowKey={(claim) => claim.ClaimId}
              empty="No holder has claimed a perk of this collection yet."
              density="snug"
            />
          )}
        </QueryStates>
      </section>
    </div>
  );
}
