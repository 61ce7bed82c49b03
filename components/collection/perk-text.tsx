import { PREVIEW_CHARS, previewOf } from "@/lib/browse/text-preview";
import type { PerkDoc } from "@/lib/schemas/perk";
import { ShowMore } from "./show-more";

/**
 * A perk's description as its card shows it, rendered on the server: the start of it, and when
 * the card cut its title or description, "Show more" (docs/decisions/060). `whole` when the page
 * was asked for this perk; `all` when the page renders every perk, which "Show less" keeps.
 */
export function PerkText({
  perk,
  title,
  whole,
  all,
}: {
  perk: PerkDoc;
  title: { text: string; cut: boolean };
  whole: boolean;
  all: boolean;
}) {
  const description = perk.LongDescription ? previewOf(perk.LongDescription, PREVIEW_CHARS.description) : null;
  const preview = description ? (
    <p className="whitespace-pre-line break-words">
      {description.text}
      {description.cut ? "…" : null}
    </p>
  ) : null;
  if (!title.cut && !description?.cut) {
    return preview ? <div className="flex flex-col gap-2 text-slate-700 dark:text-slate-300">{preview}</div> : null;
  }
  const { PlatformNFTId: collectionId, PlatformPerkId: perkId } = perk;
  return (
    <ShowMore
      collectionId={collectionId}
      perkId={perkId}
      name={title.text}
      titleCut={title.cut}
      whole={whole ? { ShortDescription: perk.ShortDescription, LongDescription: perk.LongDescription } : null}
      all={all}
    >
      {preview}
    </ShowMore>
  );
}
