import { vi } from "vitest";

export interface FakePosition {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/**
 * The browser's geolocation for one test: a position, or a refusal with its
 * code (1 denied, 2 unavailable, 3 timeout). Remove it after the test with
 * `Reflect.deleteProperty(navigator, "geolocation")`.
 */
export function fakeGeolocation(answer: FakePosition | 1 | 2 | 3) {
  const getCurrentPosition = vi.fn((found: PositionCallback, failed?: PositionErrorCallback | null) => {
    if (typeof answer === "number") failed?.({ code: answer, message: "no", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else found({ coords: { ...answer, altitude: null, altitudeAccuracy: null, heading: null, speed: null }, timestamp: Date.now() } as GeolocationPosition);
  });
  Object.defineProperty(navigator, "geolocation", { configurable: true, value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() } });
  return getCurrentPosition;
}
