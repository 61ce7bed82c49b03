import { describe, expect, it } from "vitest";
import { boundingBox, haversineKm } from "./geo";

describe("boundingBox", () => {
  it("splits the longitudes across the antimeridian", () => {
    const box = boundingBox({ lat: -18.1248, long: 178.4501 }, 1200);
    expect(box.longs).toHaveLength(2);
    expect(box.longs![0]![1]).toBe(180);
    expect(box.longs![1]![0]).toBe(-180);
  });

  it("takes every longitude when the circle reaches a pole", () => {
    expect(boundingBox({ lat: 89.5, long: 0 }, 150).longs).toBeNull();
    expect(boundingBox({ lat: -89.9, long: 10 }, 50).longs).toBeNull();
  });

  it("holds every point of the circle it bounds", () => {
    const center = { lat: 60, long: 25 };
    const box = boundingBox(center, 500);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      // A point 499 km away on this bearing (spherical destination formula).
      const d = 499 / 6371.0088;
      const b = (bearing * Math.PI) / 180;
      const lat1 = (center.lat * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
      const long2 =
        (center.long * Math.PI) / 180 +
        Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
      const point = { lat: (lat2 * 180) / Math.PI, long: (long2 * 180) / Math.PI };
      expect(haversineKm(center, point)).toBeCloseTo(499, 6);
      expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(point.lat).toBeLessThanOrEqual(box.maxLat);
      expect(box.longs!.some(([west, east]) => point.long >= west && point.long <= east)).toBe(true);
    }
  });
});
