import { perksHref, type PerksPageParams } from "@/lib/perks/page-url";

const link =
  "inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700 hover:border-indigo-400 hover:text-indigo-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200";

/** Previous and next as plain links, rendered on the server. */
export function PageLinks({ params, page, numPages }: { params: PerksPageParams; page: number; numPages: number }) {
  if (numPages <= 1) return null;
  const hrefOf = (target: number) => perksHref({ ...params, pageNum: target === 1 ? undefined : String(target) });
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <a href={hrefOf(page - 1)} rel="prev" className={link}>
          ← Previous
        </a>
      ) : (
        <span />
      )}
      {page < numPages ? (
        <a href={hrefOf(page + 1)} rel="next" className={link}>
          Next →
        </a>
      ) : null}
    </nav>
  );
}
