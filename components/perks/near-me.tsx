"use client";

import { parseAsString, useQueryStates } from "nuqs";
import { useState, useSyncExternalStore, useTransition } from "react";
import { Button } from "@/components/ui/button";

const subscribe = () => () => {};

type Phase = { kind: "idle" } | { kind: "locating" } | { kind: "refused" } | { kind: "unavailable" };

const MESSAGES: Record<Phase["kind"], string> = {
  idle: "",
  locating: "Finding your location…",
  refused: "Location access was refused, so no place was set. Allow it for this site in your browser, or type coordinates above.",
  unavailable: "Your location is not available right now. Type coordinates above instead.",
};

/**
 * "Near me": asks the browser for its position only when the visitor presses the button, then
 * puts it in the URL (nuqs, not shallow) so the server renders the perks near it. Without
 * JavaScript there is no button: the coordinates field does the same.
 */
export function NearMe() {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const [, setParams] = useQueryStates(
    { near: parseAsString, pageNum: parseAsString, sort: parseAsString },
    { shallow: false, history: "push" },
  );
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [loading, startTransition] = useTransition();
  if (!inBrowser) return null;

  const locate = () => {
    if (!("geolocation" in navigator)) {
      setPhase({ kind: "unavailable" });
      return;
    }
    setPhase({ kind: "locating" });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setPhase({ kind: "idle" });
        const near = `${position.coords.latitude.toFixed(4)},${position.coords.longitude.toFixed(4)}`;
        startTransition(() => void setParams({ near, pageNum: null, sort: null }));
      },
      (error) => setPhase({ kind: error.code === error.PERMISSION_DENIED ? "refused" : "unavailable" }),
      { maximumAge: 60_000, timeout: 20_000 },
    );
  };

  const busy = phase.kind === "locating" || loading;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button tone="indigo" busy={busy} spinner onClick={locate}>
        Near me
      </Button>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {loading ? "Loading perks near you…" : MESSAGES[phase.kind]}
      </p>
    </div>
  );
}
