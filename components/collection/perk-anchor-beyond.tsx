"use client";

import { useEffect } from "react";

/**
 * A link to `#perk-…` made before the page rendered only its first perks (a bookmark, another
 * site) may name one left out: the page with every perk is opened in its place, at that perk.
 * Links the service makes ask for the perk (`?perk=`), which works without JavaScript too.
 */
export function PerkAnchorBeyond({ allHref }: { allHref: string }) {
  useEffect(() => {
    const target = decodeURIComponent(window.location.hash.slice(1));
    if (target.startsWith("perk-") && !document.getElementById(target)) window.location.replace(`${allHref}${window.location.hash}`);
  }, [allHref]);
  return null;
}
