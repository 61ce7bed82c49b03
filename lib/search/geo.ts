/** Mean Earth radius (IUGG), the sphere every distance of the service is measured on. */
export const EARTH_RADIUS_KM = 6371.0088;

const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

export type Point = { lat: number; long: number };

/** Great-circle distance in km by the haversine formula, as the SQL of `haversineSql` computes it. */
export function haversineKm(a: Point, b: Point): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.long - a.long) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A latitude band and the longitude ranges (one, or two across the antimeridian; none = all) in it. */
export type BoundingBox = { minLat: number; maxLat: number; longs: [number, number][] | null };

/**
 * The smallest latitude/longitude box holding every point within `radiusKm` of `center`
 * (J. P. Matuschek's bounding coordinates): a cheap prefilter an index answers before the exact
 * distance. A circle around a pole covers every longitude; one crossing ±180° is split in two.
 */
export function boundingBox(center: Point, radiusKm: number): BoundingBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const minLat = center.lat - deg(angular);
  const maxLat = center.lat + deg(angular);
  if (minLat <= -90 || maxLat >= 90) return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), longs: null };
  const ratio = Math.sin(angular) / Math.cos(rad(center.lat));
  if (ratio >= 1) return { minLat, maxLat, longs: null };
  const spread = deg(Math.asin(ratio));
  const west = center.long - spread;
  const east = center.long + spread;
  if (west < -180)
    return {
      minLat,
      maxLat,
      longs: [
        [west + 360, 180],
        [-180, east],
      ],
    };
  if (east > 180)
    return {
      minLat,
      maxLat,
      longs: [
        [west, 180],
        [-180, east - 360],
      ],
    };
  return { minLat, maxLat, longs: [[west, east]] };
}
