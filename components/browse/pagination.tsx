import { onPlainClick } from "@/lib/browse/client/link-click";
import { pageWindow } from "@/lib/browse/pages";

/** Without `onPage` (a server-rendered page) the links are plain links; with it, a plain click calls it instead. */
type Props = { page: number; numPages: number; hrefOf: (page: number) => string; onPage?: (page: number) => void };

// Classes of globals.css (`ui-page-…`): a page of results repeats them for every page number.
const link = "ui-page-cell ui-page-link";
const disabled = "ui-page-cell ui-page-off";
const current = "ui-page-cell ui-page-current";

const format = (n: number) => n.toLocaleString("en-US");

/** Previous/next and page numbers around the current page, each a real link to its URL. */
export function Pagination({ page, numPages, hrefOf, onPage }: Props) {
  if (numPages <= 1) return null;
  const go = (target: number) => ({ href: hrefOf(target), onClick: onPage ? onPlainClick(() => onPage(target)) : undefined });
  return (
    <nav aria-label="Pages" className="flex flex-col items-center gap-3">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <a {...go(page - 1)} rel="prev" className={link}>
              <span aria-hidden="true">←</span>&nbsp;Previous
            </a>
          ) : (
            <span aria-disabled="true" className={disabled}>
              <span aria-hidden="true">←</span>&nbsp;Previous
            </span>
          )}
        </li>
        {pageWindow(page, numPages).map((target, index) =>
          target === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={target} className={target === page || target === 1 || target === numPages ? "" : "hidden sm:block"}>
              {target === page ? (
                <span aria-current="page" className={current}>
                  <span className="sr-only">Page </span>
                  {format(target)}
                </span>
              ) : (
                <a {...go(target)} className={link}>
                  <span className="sr-only">Page </span>
                  {format(target)}
                </a>
              )}
            </li>
          ),
        )}
        <li>
          {page < numPages ? (
            <a {...go(page + 1)} rel="next" className={link}>
              Next&nbsp;<span aria-hidden="true">→</span>
            </a>
          ) : (
            <span aria-disabled="true" className={disabled}>
              Next&nbsp;<span aria-hidden="true">→</span>
            </span>
          )}
        </li>
      </ul>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Page {format(page)} of {format(numPages)}
      </p>
    </nav>
  );
}
