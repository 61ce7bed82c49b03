"use client";

import { onPlainClick } from "@/lib/browse/client/link-click";
import { browseHref, type BrowseInput } from "@/lib/browse/url-state";
import { CATEGORIES, type Category } from "@/lib/schemas/category-list";

type Props = {
  input: BrowseInput;
  /** Matches per category for the current search (all filters applied), when known. */
  counts: Record<string, number> | undefined;
  onSelect: (category: Category | null) => void;
};

// Classes of globals.css: the chips are written 19 times a page.
const chip = "ui-filter-chip";
const idle = "ui-filter-chip-idle";
const active = "ui-filter-chip-active";

/**
 * The 18 perk categories, one selectable at a time (the search takes one). Each chip is a real
 * link to its filtered URL; selecting the current one again clears the filter. Each shows how
 * many of the current matches have a perk of it (of the first 10,000 matches, as search counts).
 */
export function CategoryChips({ input, counts, onSelect }: Props) {
  const options: { label: string; value: Category | null }[] = [
    { label: "All categories", value: null },
    ...CATEGORIES.map((category) => ({ label: category, value: category })),
  ];
  return (
    <nav aria-label="Perk categories">
      {/* `relative`: the counts' screen-reader text is positioned absolutely, and must scroll with the row
          instead of widening the page. */}
      <ul className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {options.map(({ label, value }) => {
          const selected = input.category === value;
          const target = selected && value !== null ? null : value;
          const n = value === null ? undefined : counts?.[value];
          return (
            <li key={label}>
              <a
                href={browseHref({ ...input, category: target, page: 1 })}
                aria-current={selected ? "true" : undefined}
                onClick={onPlainClick(() => onSelect(target))}
                className={`${chip} ${selected ? active : idle}`}
              >
                {label}
                {n === undefined ? null : (
                  <>
                    <span aria-hidden="true" data-facet-count={value} className="ml-1.5 tabular-nums">
                      {n.toLocaleString("en-US")}
                    </span>
                    <span className="sr-only">({n === 1 ? "1 collection" : `${n.toLocaleString("en-US")} collections`})</span>
                  </>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
