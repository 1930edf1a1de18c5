/**
 * Positions against work locations: the great-circle distance, and whether a
 * position lies inside a circle once the device's stated accuracy is allowed
 * for (up to a bound, so a vague position cannot claim a whole town).
 */

/** The earth's mean radius (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;

export interface Point {
  latitude: number;
  longitude: number;
}

export interface Circle extends Point {
  id: number;
  name: string;
  radius_m: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance in metres: exact enough at a building's scale anywhere on earth, poles and the date line included. */
export function distanceMetres(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface FenceRules {
  /** A position less precise than this (metres) proves nothing: refused as too imprecise. */
  maxAccuracyM: number;
  /** At most this much of the stated accuracy widens a location's radius. */
  accuracyAllowanceM: number;
}

export type FenceVerdict =
  | { kind: "inside"; location: Circle; distanceM: number; nearest: { location: Circle; distanceM: number } }
  | { kind: "outside"; nearest: { location: Circle; distanceM: number } | null }
  | { kind: "imprecise"; accuracyM: number };

/**
 * Where a position stands among the locations: inside one (the nearest whose
 * widened circle holds it), outside all (with the nearest), or too imprecise to say.
 */
export function checkFence(position: Point & { accuracy: number }, locations: readonly Circle[], rules: FenceRules): FenceVerdict {
  if (position.accuracy > rules.maxAccuracyM) return { kind: "imprecise", accuracyM: position.accuracy };
  const allowance = Math.min(position.accuracy, rules.accuracyAllowanceM);
  const measured = locations.map((location) => ({ location, distanceM: distanceMetres(position, location) })).sort((a, b) => a.distanceM - b.distanceM);
  const nearest = measured[0] ?? null;
  const holding = measured.find(({ location, distanceM }) => distanceM <= location.radius_m + allowance);
  return holding ? { kind: "inside", location: holding.location, distanceM: holding.distanceM, nearest: nearest! } : { kind: "outside", nearest };
}
