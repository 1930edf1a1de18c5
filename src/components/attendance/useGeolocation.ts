import { useCallback, useEffect, useRef, useState } from "react";
import type { Position } from "../../../contracts/attendance";

/** Where the browser's position stands: not asked yet, being found, found, or why not. */
export type Fix =
  | { status: "idle" }
  | { status: "locating" }
  | { status: "found"; position: Position }
  | { status: "denied" | "unavailable" | "timeout" | "unsupported" };

/** How long the browser may look (milliseconds); it must look again each time (a cached position would hide a move). */
const TIMEOUT_MS = 15_000;

function ask(): Promise<Fix> {
  const geolocation = typeof navigator !== "undefined" ? navigator.geolocation : undefined;
  if (!geolocation) return Promise.resolve({ status: "unsupported" });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ status: "found", position: { latitude: coords.latitude, longitude: coords.longitude, accuracy: Math.round(coords.accuracy * 10) / 10 } }),
      (failure) => resolve({ status: failure.code === 1 ? "denied" : failure.code === 3 ? "timeout" : "unavailable" }),
      { enableHighAccuracy: true, timeout: TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

/**
 * The device's position, asked of the browser with high accuracy. On opening
 * it is asked at once only if the person already allowed it (no prompt nobody
 * asked for); otherwise when they check or clock.
 */
export function useGeolocation(): { fix: Fix; locate: () => Promise<Fix> } {
  const [fix, setFix] = useState<Fix>({ status: "idle" });
  const alive = useRef(true);

  const locate = useCallback(async () => {
    setFix({ status: "locating" });
    const result = await ask();
    if (alive.current) setFix(result);
    return result;
  }, []);

  useEffect(() => {
    alive.current = true;
    let cancelled = false;
    navigator.permissions
      ?.query({ name: "geolocation" })
      .then((permission) => {
        if (cancelled) return;
        if (permission.state === "granted") void locate();
        else if (permission.state === "denied") setFix({ status: "denied" });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      alive.current = false;
    };
  }, [locate]);

  return { fix, locate };
}
