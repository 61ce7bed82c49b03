"use client";

import { useEffect } from "react";

type Props = { body: { PlatformNFTId: string } | { PlatformPerkId: string } };

/**
 * Counts one view of a public page from the browser, so a view a shared cache answers counts too.
 * `sendBeacon` carries no cookie of ours (the site sets none on public pages) and never delays the page.
 */
export function ViewBeacon({ body }: Props) {
  const text = JSON.stringify(body);
  useEffect(() => {
    if (typeof navigator.sendBeacon === "function") navigator.sendBeacon("/api/insights/beacon", text);
  }, [text]);
  return null;
}
