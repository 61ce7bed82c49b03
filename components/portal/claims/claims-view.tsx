"use client";

import { useQuery } from "@tanstack/react-query";
import { InstantText } from "@/components/local-time";
import { buttonClass } from "@/components/ui/button";
import { panelClass } from "@/components/ui/panel";
import { QueryStates } from "@/components/ui/query-states";
import { fetchJson, retryUnlessClientError } from "@/lib/http/client/fetch-json";
import { portalKeys } from "@/lib/portal/client/queries";
import { showCode, type ClaimList } from "@/lib/schemas/claims";
import type { Role } from "@/lib/schemas/team-roles";
import { RoleGate } from "@/components/portal/team/role-gate";
import { RedeemForm } from "./redeem-form";

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

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
            <div className={panelClass("overflow-x-auto")}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Claims of this collection&apos;s perks, newest first</caption>
                <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Perk
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Wallet
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Token
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Claimed
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Code
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Redeemed
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                  {data.Claims.map((claim) => (
                    <tr key={claim.ClaimId}>
                      <td className="px-3 py-2">
                        {claim.PerkDescription ?? <span className="text-slate-600 dark:text-slate-400">Deleted perk</span>}
                      </td>
                      <td className="px-3 py-2 font-mono" title={claim.Wallet}>
                        {short(claim.Wallet)}
                        {claim.Vault ? (
                          <span className="block text-xs text-slate-600 dark:text-slate-400" title={claim.Vault}>
                            via {short(claim.Vault)} (delegated)
                          </span>
                        ) : null}
                      </td>
                      <td className="px-3 py-2">{claim.TokenId === null ? "—" : `#${claim.TokenId}`}</td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        <InstantText ms={Date.parse(claim.ClaimedAt)} />
                      </td>
                      <td className="px-3 py-2 font-mono whitespace-nowrap">{showCode(claim.Code)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {claim.RedeemedAt ? <InstantText ms={Date.parse(claim.RedeemedAt)} /> : "Not yet"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryStates>
      </section>
    </div>
  );
}
