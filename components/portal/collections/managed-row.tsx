import Link from "next/link";
import { CollectionImage } from "@/components/collection-image";
import { InstantText } from "@/components/local-time";
import { ReleaseBadge, VerifiedBadge } from "@/components/ui/badge";
import type { ManagedCollection } from "@/lib/schemas/managed-collection";

const perkCountText = (count: number) => (count === 0 ? "No perks" : count === 1 ? "1 perk" : `${count} perks`);

/** One collection the partner manages; the whole row opens its editor through the title link. */
export function ManagedRow({ collection }: { collection: ManagedCollection }) {
  return (
    <li className="relative flex items-center gap-4 p-3 hover:bg-slate-50 focus-within:bg-slate-50 sm:p-4 dark:hover:bg-slate-800/60 dark:focus-within:bg-slate-800/60">
      <CollectionImage src={collection.imagePic} title={collection.title} size={64} className="w-14 shrink-0 rounded-lg sm:w-16" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 text-base font-semibold break-words">
            <Link
              href={`/portal/collections/${encodeURIComponent(collection.id)}`}
              prefetch={false}
              className="outline-none after:absolute after:inset-0 focus-visible:underline"
            >
              {collection.title}
            </Link>
          </h2>
          <ReleaseBadge status={collection.releaseStatus} />
          {collection.verifiedBy && <VerifiedBadge by={collection.verifiedBy} />}
        </div>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <span>{collection.chain}</span>
          <span aria-hidden="true">·</span>
          <span>{perkCountText(collection.perkCount)}</span>
          <span aria-hidden="true">·</span>
          <span>
            Modified <InstantText ms={collection.lastmodified} />
          </span>
        </p>
      </div>
    </li>
  );
}
