import { ImageResponse } from "next/og";
import { PUBLIC_CACHE_CONTROL, notSyndicated } from "@/lib/syndication/answers";
import type { CardFacts } from "@/lib/syndication/card-facts";

const pill = { display: "flex", padding: "8px 22px", borderRadius: 999, fontSize: 30 } as const;

/**
 * A collection's link preview at 1200×630, light colours: title, chain, a Verified mark, the
 * number of perks and the first categories. Drawn by next/og (Satori), which reads flexbox and
 * inline styles only.
 */
export function CardImage({ facts }: { facts: CardFacts }) {
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 72,
        background: "#ffffff",
        color: "#0f172a",
        fontFamily: "geist",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20, fontSize: 30, color: "#475569" }}>
        <span>{facts.chain}</span>
        {facts.verified ? <span style={{ ...pill, background: "#dcfce7", color: "#166534" }}>Verified</span> : null}
      </div>
      <div style={{ display: "flex", fontSize: 72, lineHeight: 1.1, fontWeight: 700, maxHeight: 240, overflow: "hidden" }}>
        {facts.title}
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 24 }}>
        <div style={{ display: "flex", gap: 16 }}>
          {facts.categories.map((category) => (
            <span key={category} style={{ ...pill, background: "#e0e7ff", color: "#3730a3" }}>
              {category}
            </span>
          ))}
        </div>
        <div style={{ display: "flex", justifyContent: "space-between", fontSize: 32, color: "#334155" }}>
          <span>{facts.perks === 1 ? "1 perk" : `${facts.perks.toLocaleString("en-US")} perks`}</span>
          <span>Utility Data Service</span>
        </div>
      </div>
    </div>
  );
}

/** The card as a PNG answer, cached as the page is; the 404 of an unknown collection. */
export function cardResponse(id: string, facts: CardFacts | null): Response {
  if (!facts) return notSyndicated(`PlatformNFTId: collection ${JSON.stringify(id)}`);
  return new ImageResponse(<CardImage facts={facts} />, { width: 1200, height: 630, headers: { "cache-control": PUBLIC_CACHE_CONTROL } });
}
