import { PerkDateText } from "@/components/local-time";
import { Button } from "@/components/ui/button";
import { coordinatesOf, formatCoordinates, perkInstant } from "@/lib/browse/perk-view";
import { tokensText } from "@/lib/portal/value-words";
import type { PerkDoc } from "@/lib/schemas/perk";

type Props = { perk: PerkDoc; onEdit: () => void; onRemove: () => void };

const fact = "min-w-0";
const label = "text-xs text-slate-600 dark:text-slate-400";
const none = <span className="text-slate-600 dark:text-slate-400">—</span>;

/** A perk as one compact row: what, when, where, status and tokens, with its actions named after it. */
export function PerkSummary({ perk, onEdit, onRemove }: Props) {
  const name = <span className="sr-only"> perk “{perk.ShortDescription}”</span>;
  const instant = perkInstant(perk.Date);
  const point = coordinatesOf(perk.Location);
  const place = perk.Location?.address?.trim() || (point ? formatCoordinates(point) : null);
  const tokens = perk.TokensRequired === undefined ? null : tokensText(perk.TokensRequired);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
      <div className="min-w-0 flex-1 basis-64">
        <h3 className="font-semibold break-words">{perk.ShortDescription}</h3>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {[perk.Tags.join(", "), perk.OneTime ? "One-time" : null].filter(Boolean).join(" · ")}
        </p>
      </div>
      <dl className="grid flex-[2] basis-80 grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1.4fr)_minmax(0,0.8fr)_minmax(0,0.6fr)]">
        <div className={fact}>
          <dt className={label}>Date</dt>
          <dd>{instant ? <PerkDateText instant={instant} /> : "No date"}</dd>
        </div>
        <div className={fact}>
          <dt className={label}>Place</dt>
          <dd className="truncate" title={place ?? undefined}>
            {place ?? none}
          </dd>
        </div>
        <div className={fact}>
          <dt className={label}>Status</dt>
          <dd>{perk.Status ?? none}</dd>
        </div>
        <div className={fact}>
          <dt className={label}>Tokens</dt>
          <dd>{tokens ?? none}</dd>
        </div>
      </dl>
      <div className="flex gap-2">
        <Button tone="secondary" state="wait" onClick={onEdit}>
          Edit{name}
        </Button>
        <Button tone="secondary" state="wait" onClick={onRemove}>
          Remove{name}
        </Button>
      </div>
    </div>
  );
}
