import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { validRange, type DateRange } from "./dateRange";

/**
 * A date range kept in the address (`?from=YYYY-MM-DD&to=YYYY-MM-DD`), so a
 * report can be bookmarked, shared and reloaded as it was. An address without
 * a usable range (none, out of order, longer than `maxDays`) shows `fallback`,
 * which is undefined while it is still being worked out.
 */
export function useDateRangeParams(fallback: DateRange | undefined, maxDays: number): [DateRange | undefined, (range: DateRange) => void] {
  const [params, setParams] = useSearchParams();
  const range = validRange(params.get("from"), params.get("to"), maxDays) ?? fallback;
  const setRange = useCallback(
    (next: DateRange) =>
      setParams(
        (previous) => {
          const kept = new URLSearchParams(previous);
          kept.set("from", next.from);
          kept.set("to", next.to);
          return kept;
        },
        // A new range replaces the old one in the history: Back leaves the report rather than stepping through every date tried.
        { replace: true },
      ),
    [setParams],
  );
  return [range, setRange];
}
