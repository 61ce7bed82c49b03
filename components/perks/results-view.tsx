"use client";

import { useState, type ReactNode } from "react";
import { useHydrated } from "@/components/use-hydrated";
import { MapSection } from "./map-section";
import type { MapPerk, MapTiles } from "./perks-map";

type Props = { list: ReactNode; perks: MapPerk[]; tiles: MapTiles; center: [number, number] | null };

const choice =
  "rounded-md px-4 py-1.5 text-sm font-medium aria-pressed:bg-indigo-600 aria-pressed:text-white dark:aria-pressed:bg-indigo-400 dark:aria-pressed:text-slate-950";

/**
 * The list and the map side by side from the `lg` width; below it one at a time, with a List / Map
 * switch, so on a phone the map is not twenty perks down. The map needs JavaScript, so without it
 * the switch stays hidden (its space kept, so nothing moves when it appears) and the list is all.
 */
export function ResultsView({ list, perks, tiles, center }: Props) {
  const hydrated = useHydrated();
  const [view, setView] = useState<"list" | "map">("list");
  return (
    <div className="flex flex-col gap-4">
      <div
        role="group"
        aria-label="Show as"
        className={`flex w-fit gap-1 rounded-lg border border-slate-300 p-1 dark:border-slate-700 lg:hidden ${hydrated ? "" : "invisible"}`}
      >
        <button type="button" aria-pressed={view === "list"} onClick={() => setView("list")} className={choice}>
          List
        </button>
        <button type="button" aria-pressed={view === "map"} onClick={() => setView("map")} className={choice}>
          Map
        </button>
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <div className={view === "list" ? "" : "max-lg:hidden"}>{list}</div>
        <div className={view === "map" ? "" : "max-lg:hidden"}>
          <MapSection perks={perks} tiles={tiles} center={center} />
        </div>
      </div>
    </div>
  );
}
