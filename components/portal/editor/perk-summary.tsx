import type { PerkDoc } from "@/lib/schemas/perk";
import { secondaryButton } from "./save-feedback";

type Props = { perk: PerkDoc; onEdit: () => void; onRemove: () => void };

/** A perk as a row of the list, with its actions named after it for screen readers. */
export function PerkSummary({ perk, onEdit, onRemove }: Props) {
  const name = <span className="sr-only"> perk “{perk.ShortDescription}”</span>;
  return (
    <div className="flex flex-wrap items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-words">{perk.ShortDescription}</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {[perk.Status, perk.Tags.join(", "), perk.OneTime ? "One-time" : null].filter(Boolean).join(" · ")}
        </p>
      </div>
      <div className="flex gap-2">
        <button type="button" onClick={onEdit} className={secondaryButton}>
          Edit{name}
        </button>
        <button type="button" onClick={onRemove} className={secondaryButton}>
          Remove{name}
        </button>
      </div>
    </div>
  );
}
