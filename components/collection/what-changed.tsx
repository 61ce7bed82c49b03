import { InstantText, PerkDateText } from "@/components/local-time";
import { perkInstant } from "@/lib/browse/perk-view";
import { fieldLabel } from "@/lib/history/field-labels";
import type { PublicChange } from "@/lib/history/read";
import type { PerkDate } from "@/lib/schemas/perk";

function DateValue({ value }: { value: unknown }) {
  const instant = perkInstant(value as PerkDate | undefined);
  return instant ? <PerkDateText instant={instant} /> : <>no date</>;
}

const fieldList = (fields: string[]) => fields.map((path) => fieldLabel(path).toLowerCase()).join(", ");

function Line({ change }: { change: PublicChange }) {
  switch (change.kind) {
    case "renamed":
      return <>{`Perk renamed: “${change.from}” is now “${change.perk}”`}</>;
    case "changed":
      return <>{`Perk “${change.perk}” changed: ${fieldList(change.fields)}`}</>;
    case "date":
      return (
        <>
          Date of “{change.perk}” changed from <DateValue value={change.from} /> to <DateValue value={change.to} />
        </>
      );
    default:
      return <>{`Perk ${change.kind}: “${change.perk}”`}</>;
  }
}

/** The latest perk additions, removals, renames and other changes, each with when; nothing about who. */
export function WhatChanged({ changes }: { changes: PublicChange[] }) {
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="changes-heading" className="flex flex-col gap-3">
      <h2 id="changes-heading" className="text-lg font-semibold">
        What changed
      </h2>
      <ul className="flex flex-col gap-2 text-sm">
        {changes.map((change, index) => (
          <li key={index} className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
            <span className="shrink-0 text-slate-600 dark:text-slate-400">
              <InstantText ms={change.at} />
            </span>
            <span className="break-words">
              <Line change={change} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
