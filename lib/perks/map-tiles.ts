import { env } from "@/lib/env";

/** The tile server's origin (`https://tile.openstreetmap.org`): the one image host the /perks page's CSP admits. */
export function mapTileOrigin(): string {
  return new URL(env().MAP_TILE_URL.replace(/[{}]/g, "")).origin;
}

/** What the map needs from the configuration: the tile URL template and its attribution. */
export function mapTiles(): { url: string; attribution: string } {
  return { url: env().MAP_TILE_URL, attribution: env().MAP_TILE_ATTRIBUTION };
}
