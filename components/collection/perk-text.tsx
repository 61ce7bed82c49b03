import { PREVIEW_CHARS, previewOf } from "@/lib/browse/text-preview";
import { collectionPageHref } from "@/lib/perks/page-url";
import type { PerkDoc } from "@/lib/schemas/perk";
import { PARAGRAPH, SHOW_LABELS, SHOW_MORE_CONTROL, TEXT_REGION, WHOLE_TITLE, showLabel, textRegionId } from "./perk-text-look";

/**
 * A perk's description as its card shows it, rendered on the server: the start of it, and when
 * the card cut its title or description, "Show more" (docs/decisions/060). `whole` when the page
 * was asked for this perk; `all` when the page renders every perk, which "Show less" keeps.
 *
 * "Show more" is a link to the page with this perk whole (and back), which works without
 * JavaScript; once the page runs, the list's one client part (`PerkListControls`) makes it a
 * button that reads the perk in place (docs/decisions/068). A card has no client part of its own.
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
    <p className={PARAGRAPH}>
      {description.text}
      {description.cut ? "…" : null}
    </p>
  ) : null;
  if (!title.cut && !description?.cut) {
    return preview ? <div className={TEXT_REGION}>{preview}</div> : null;
  }
  const { PlatformNFTId: collectionId, PlatformPerkId: perkId } = perk;
  const label = whole ? SHOW_LABELS.less : SHOW_LABELS.more;
  return (
    <div className="flex flex-col gap-2">
      <div id={textRegionId(perkId)} className={TEXT_REGION}>
        {whole ? (
          <>
            {title.cut ? <p className={WHOLE_TITLE}>{perk.ShortDescription}</p> : null}
            {perk.LongDescription ? <p className={PARAGRAPH}>{perk.LongDescription}</p> : null}
          </>
        ) : (
          preview
        )}
      </div>
      {/* What "Show less" puts back on the page asked for this perk, where the preview is not shown. */}
      {whole && preview ? (
        <div hidden data-preview="">
          {preview}
        </div>
      ) : null}
      <a
        className={SHOW_MORE_CONTROL}
        aria-label={showLabel(label, title.text)}
        href={collectionPageHref(collectionId, { all, perk: whole ? undefined : perkId, anchor: perkId })}
        data-show-more={perkId}
        data-open={whole ? "" : undefined}
        data-title-cut={title.cut ? "" : undefined}
      >
        {label}
      </a>
    </div>
  );
}
