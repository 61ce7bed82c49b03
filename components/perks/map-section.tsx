"use client";

import dynamic from "next/dynamic";
import { useSyncExternalStore } from "react";
import type { MapPerk, MapTiles } from "./perks-map";

// Leaflet needs `window`: the map is loaded in the browser only, after the list is on screen.
const PerksMap = dynamic(() => import("./perks-map"), {
  ssr: false,
  loading: () => (
    <p
      role="status"
      className="grid h-96 place-items-center rounded-xl border border-dashed border-slate-300 text-sm dark:border-slate-700"
    >
      Loading the map…
    </p>
  ),
});

const subscribe = () => () => {};

/** Rendered in the browser only: without JavaScript the page is the list alone. */
export function MapSection({ perks, tiles, center }: { perks: MapPerk[]; tiles: MapTiles; center: [number, number] | null }) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!inBrowser) return null;
  return (
    <section aria-labelledby="perks-map-title" className="flex flex-col gap-2">
      <h3 id="perks-map-title" className="text-lg font-semibold">
        Map
      </h3>
      {perks.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">None of the perks on this page has a place to show on a map.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">Tab to a marker and press Enter to open its perk.</p>
          <PerksMap perks={perks} tiles={tiles} center={center} />
        </>
      )}
    </section>
  );
}
