import Link from "next/link";
import { browseHref } from "@/lib/browse/url-state";
import type { Category } from "@/lib/schemas/category-list";

/** Categories as chips that open the browser filtered by that category. */
export function CategoryLinks({ categories, label }: { categories: readonly Category[]; label: string }) {
  if (categories.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {categories.map((category) => (
        <li key={category}>
          <Link href={browseHref({ query: "", category, page: 1 })} className="ui-chip-link">
            {category}
          </Link>
        </li>
      ))}
    </ul>
  );
}
