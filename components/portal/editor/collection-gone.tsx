import { panelClass } from "@/components/ui/panel";
import { TextLink } from "@/components/text-link";
import { perkCountText } from "@/lib/portal/deleted-collection";

/**
 * In place of the editor of a deleted collection (Back after the deletion, a reload, an old link):
 * what happened, and no form that could only fail to save.
 */
export function CollectionGone({ title, perks }: { title: string; perks: number }) {
  return (
    <section aria-labelledby="collection-gone-heading" className={panelClass("flex flex-col items-start gap-3 p-6")}>
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">Deleted collection</p>
      <h1 id="collection-gone-heading" className="text-2xl font-bold tracking-tight break-words">
        “{title}” was deleted
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        It was deleted with {perkCountText(perks)} and can no longer be edited: search, its public page and the API no longer return it.
      </p>
      <TextLink href="/portal/collections">Back to My collections</TextLink>
    </section>
  );
}
