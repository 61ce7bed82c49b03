import { InstantText, PerkDateText } from "@/components/local-time";
import { perkInstant } from "@/lib/browse/perk-view";
import type { PublicChange } from "@/lib/history/read";
import type { PerkDate } from "@/lib/schemas/perk";

function DateValue({ value }: { value: unknown }) {
  const instant = perkInstant(value as PerkDate | undefined);
  return instant ? <PerkDateText instant={instant} /> : <>no date</>;
}

function Line({ change }: { change: PublicChange }) {
  if (change.kind !== "date") return <>{`Perk ${change.kind}: “${change.perk}”`}</>;
  return (
    <>
      Date of “{change.perk}” changed from <DateValue value={change.from} /> to <DateValue value={change.to} />
    </>
  );
}

/** The latest perk additions, removals and date changes, each with when; nothing about who. */
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
