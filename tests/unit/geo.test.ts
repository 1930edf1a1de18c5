/**
 * The geofence: great-circle distances against known figures, the edge of a
 * circle, the device's accuracy widening it only up to the allowance, the
 * nearest location named when outside, vague positions refused; and the
 * work date in the company's time zone around midnight.
 */
import { describe, expect, it } from "vitest";
import { checkFence, distanceMetres, type Circle } from "../../server/lib/geo";

const MAKATI: Circle = { id: 1, name: "Makati head office", latitude: 14.5547, longitude: 121.0244, radius_m: 150 };
const CEBU: Circle = { id: 2, name: "Cebu branch", latitude: 10.3157, longitude: 123.8854, radius_m: 200 };
const RULES = { maxAccuracyM: 1000, accuracyAllowanceM: 50 };

/** A point `metres` north of a centre (a degree of latitude is about 111,195 m on the mean sphere). */
const north = (centre: Circle, metres: number) => ({ latitude: centre.latitude + metres / 111_195.08, longitude: centre.longitude });

describe("distanceMetres", () => {
  it("measures known distances", () => {
    // Paris to London, about 343.5 km on the sphere.
    expect(distanceMetres({ latitude: 48.8566, longitude: 2.3522 }, { latitude: 51.5072, longitude: -0.1276 }) / 1000).toBeCloseTo(343.5, 0);
    expect(distanceMetres(MAKATI, north(MAKATI, 100))).toBeCloseTo(100, 1);
    expect(distanceMetres(MAKATI, MAKATI)).toBe(0);
  });

  it("crosses the date line and the poles the short way", () => {
    expect(distanceMetres({ latitude: 0, longitude: 179.9995 }, { latitude: 0, longitude: -179.9995 })).toBeCloseTo(111.2, 0);
    expect(distanceMetres({ latitude: 89.9999, longitude: 0 }, { latitude: 89.9999, longitude: 180 })).toBeCloseTo(22.2, 0);
  });
});

describe("checkFence", () => {
  it("holds a position on the circle's edge, and not one a metre beyond it with no accuracy to spare", () => {
    expect(checkFence({ ...north(MAKATI, 149.5), accuracy: 0 }, [MAKATI], RULES).kind).toBe("inside");
    expect(checkFence({ ...north(MAKATI, 151), accuracy: 0 }, [MAKATI], RULES).kind).toBe("outside");
  });

  it("widens the circle by the stated accuracy, up to the allowance", () => {
    expect(checkFence({ ...north(MAKATI, 180), accuracy: 40 }, [MAKATI], RULES).kind).toBe("inside");
    expect(checkFence({ ...north(MAKATI, 195), accuracy: 40 }, [MAKATI], RULES).kind).toBe("outside");
    // 300 m of accuracy still widens by 50 m only.
    expect(checkFence({ ...north(MAKATI, 199), accuracy: 300 }, [MAKATI], RULES).kind).toBe("inside");
    expect(checkFence({ ...north(MAKATI, 201), accuracy: 300 }, [MAKATI], RULES).kind).toBe("outside");
  });

  it("names the nearest location and the distance when outside", () => {
    const verdict = checkFence({ ...north(MAKATI, 400), accuracy: 10 }, [CEBU, MAKATI], RULES);
    expect(verdict.kind).toBe("outside");
    if (verdict.kind !== "outside") return;
    expect(verdict.nearest!.location.name).toBe("Makati head office");
    expect(Math.round(verdict.nearest!.distanceM)).toBe(400);
    expect(checkFence({ ...north(MAKATI, 400), accuracy: 10 }, [], RULES)).toEqual({ kind: "outside", nearest: null });
  });

  it("matches the location that holds the position", () => {
    const verdict = checkFence({ ...north(CEBU, 20), accuracy: 5 }, [MAKATI, CEBU], RULES);
    expect(verdict.kind === "inside" && verdict.location.id).toBe(CEBU.id);
  });

  it("refuses a position less precise than the setting, wherever it lies", () => {
    expect(checkFence({ ...MAKATI, accuracy: 1000.5 }, [MAKATI], RULES)).toEqual({ kind: "imprecise", accuracyM: 1000.5 });
    expect(checkFence({ ...MAKATI, accuracy: 1000 }, [MAKATI], RULES).kind).toBe("inside");
  });
});
