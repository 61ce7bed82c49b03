import type { ReactNode } from "react";
import { panelClass } from "@/components/ui/panel";
import { CollectionImage } from "@/components/collection-image";
import { PerkDateText } from "@/components/local-time";
import { Badge } from "@/components/ui/badge";
import { coordinatesOf, perkInstant } from "@/lib/browse/perk-view";
import { groupByCollection } from "@/lib/holders/group-by-collection";
import { perkAnchorHref } from "@/lib/perks/page-url";
import type { WalletPerkDoc } from "@/lib/schemas/wallet-perks";

const format = (n: number) => n.toLocaleString("en-US");

/** "Holds 2 · needs 1", or "Open to anyone" for a perk that requires no token. */
function holdingText({ Holds, TokensRequired }: WalletPerkDoc["Eligibility"]): string {
  if (TokensRequired === 0) return "Open to anyone";
  return `Holds ${format(Holds)} · needs ${format(TokensRequired)}`;
}

/** A vault as the page names it: its ENS name beside the short address when it has one. */
function vaultText(vault: string, names: ReadonlyMap<string, string>): string {
  const short = `${vault.slice(0, 6)}…${vault.slice(-4)}`;
  const name = names.get(vault.toLowerCase());
  return name ? `${name} (${short})` : short;
}

function PerkRow({ doc, action, names }: { doc: WalletPerkDoc; action?: ReactNode; names: ReadonlyMap<string, string> }) {
  const instant = perkInstant(doc.Date);
  const place = doc.Location?.address?.trim() || (coordinatesOf(doc.Location) ? "On the map" : null);
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <a
          href={perkAnchorHref(doc.PlatformNFTId, doc.PlatformPerkId)}
          className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          {doc.ShortDescription}
        </a>
        <div className="flex flex-wrap gap-1">
          <Badge tone={doc.Eligibility.Eligible ? "success" : "warning"}>{holdingText(doc.Eligibility)}</Badge>
          {doc.Status ? <Badge tone="tag">{doc.Status}</Badge> : null}
          {doc.OneTime ? <Badge tone="tag">One-time</Badge> : null}
        </div>
      </div>
      {doc.Eligibility.Delegated.map((part) => (
        <p key={part.Vault} className="text-sm text-slate-600 dark:text-slate-400" data-testid="delegated-from">
          via <span className="font-mono">{vaultText(part.Vault, names)}</span> (delegated)
        </p>
      ))}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        {instant ? <PerkDateText instant={instant} /> : <span>No date</span>}
        {place ? <span>{place}</span> : null}
        {doc.DistanceKm !== undefined ? <span>{`${doc.DistanceKm.toFixed(1)} km away`}</span> : null}
      </p>
      {action}
    </li>
  );
}

/**
 * Perks grouped by collection, each group linking to the collection's page and saying at which
 * block of its chain the figures were read.
 */
export function WalletPerkGroups({
  docs,
  label,
  actionFor,
  names = new Map(),
}: {
  docs: WalletPerkDoc[];
  label: string;
  /** ENS primary names by lower-case address, for the vaults a perk's tokens are delegated from. */
  names?: ReadonlyMap<string, string>;
  /** What a perk's row offers below it (the Claim button on eligible perks). */
  actionFor?: (doc: WalletPerkDoc) => ReactNode;
}) {
  return (
    <ul className="grid gap-4" aria-label={label}>
      {groupByCollection(docs).map((group) => (
        <li key={group.collectionId} className={panelClass("p-4 shadow-sm")}>
          <div className="mb-3 flex items-center gap-3">
            {/* Sized here: without an image the tile has no content to take its width from. */}
            <CollectionImage src={group.image} title={group.title} size={40} className="size-10 shrink-0 rounded-lg" />
            <div className="min-w-0">
              <h3 className="truncate font-semibold">
                <a href={`/collections/${encodeURIComponent(group.collectionId)}`} className="underline-offset-2 hover:underline">
                  {group.title || "Untitled collection"}
                </a>
              </h3>
              <p className="text-xs text-slate-600 dark:text-slate-400">As of block {format(group.docs[0]!.Eligibility.Block)}</p>
            </div>
          </div>
          <ol aria-label={`Perks of ${group.title || "this collection"}`} className="divide-y divide-slate-200 dark:divide-slate-800">
            {group.docs.map((doc) => (
              <PerkRow key={doc.PlatformPerkId} doc={doc} action={actionFor?.(doc)} names={names} />
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}
