"use client";

import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";
import { perkAnchorHref } from "@/lib/perks/page-url";

/**
 * `verifiedBy`: the contract owner who verified the perk's collection, as its card's badge says.
 * The link is made here from the two ids, not sent beside them: the page's payload carries every
 * marker's fields.
 */
export type MapPerk = {
  id: string;
  collectionId: string;
  title: string;
  collection: string;
  verifiedBy: string | null;
  lat: number;
  long: number;
};
export type MapTiles = { url: string; attribution: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** A dot drawn in CSS: no image files for the bundler to lose, nothing for the CSP to admit. */
const dot = L.divIcon({
  className: "",
  html: '<span style="display:block;width:18px;height:18px;border-radius:9999px;background:#4f46e5;border:3px solid #fff;box-shadow:0 0 0 1px #312e81"></span>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
  popupAnchor: [0, -10],
});

function popupOf(perk: MapPerk): HTMLElement {
  const box = document.createElement("div");
  const link = document.createElement("a");
  link.href = perkAnchorHref(perk.collectionId, perk.id);
  link.textContent = perk.title;
  link.style.fontWeight = "600";
  const from = document.createElement("div");
  from.textContent = perk.collection;
  box.append(link, from);
  if (perk.verifiedBy) {
    // The card's badge in words: "Verified" never without whose signature it rests on.
    const badge = document.createElement("div");
    badge.textContent = `✓ Verified by the contract's owner, ${perk.verifiedBy}`;
    badge.style.color = "#047857";
    badge.style.overflowWrap = "anywhere";
    box.append(badge);
  }
  return box;
}

/**
 * The perks of the page on a Leaflet map. Markers are buttons in the tab order: Enter opens a
 * popup whose link goes to the perk. If tiles cannot load, the markers and the list still work.
 */
export default function PerksMap({ perks, tiles, center }: { perks: MapPerk[]; tiles: MapTiles; center: [number, number] | null }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, { attributionControl: false, worldCopyJump: true });
    L.control.attribution({ prefix: false }).addAttribution(escapeHtml(tiles.attribution)).addTo(map);
    L.tileLayer(tiles.url, { maxZoom: 18 }).addTo(map);
    // The view first: a layer added to a map without one is only attached once the map loads.
    const points: L.LatLngExpression[] = perks.map((perk) => [perk.lat, perk.long]);
    if (center) points.push(center);
    const fit = () => {
      if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 12 });
      else map.setView(points[0] ?? [20, 0], points.length ? 10 : 2);
    };
    fit();
    for (const perk of perks) {
      const marker = L.marker([perk.lat, perk.long], { icon: dot, keyboard: true, title: perk.title }).bindPopup(popupOf(perk)).addTo(map);
      const icon = marker.getElement();
      icon?.setAttribute("role", "button");
      icon?.setAttribute("aria-label", `${perk.title} (${perk.collection}${perk.verifiedBy ? ", verified" : ""}): open details`);
    }
    // Shown from hidden (the phone's List / Map switch), the map measures its box again, and
    // fits the perks once it has one: a fit in a box of no size picks the wrong zoom.
    const box = element.current;
    let sized = box.clientWidth > 0;
    const resized = new ResizeObserver(() => {
      map.invalidateSize();
      if (!sized && box.clientWidth > 0) {
        sized = true;
        fit();
      }
    });
    resized.observe(box);
    return () => {
      resized.disconnect();
      map.remove();
    };
  }, [perks, tiles, center]);
  return <div ref={element} className="h-96 w-full rounded-xl border border-slate-200 dark:border-slate-800" />;
}
