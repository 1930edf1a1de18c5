/** Dates and wall-clock times in the company's zone: work dates, the start of a filtered day, shifts across daylight saving. */
import { describe, expect, it } from "vitest";
import { dateInZone, nextDate, weekday, zonedInstant } from "../../server/lib/time-zone";

describe("dateInZone", () => {
  it("gives the company's date, not UTC's, on either side of midnight", () => {
    // 23:30 in Manila on 1 March is 15:30 UTC; 00:30 on 2 March is 16:30 UTC of 1 March.
    expect(dateInZone(new Date("2026-03-01T15:30:00Z"), "Asia/Manila")).toBe("2026-03-01");
    expect(dateInZone(new Date("2026-03-01T16:30:00Z"), "Asia/Manila")).toBe("2026-03-02");
    expect(dateInZone(new Date("2026-03-02T03:00:00Z"), "America/Los_Angeles")).toBe("2026-03-01");
    expect(dateInZone(new Date("2026-12-31T23:59:59Z"), "UTC")).toBe("2026-12-31");
    // All four digits of an early year, as the date column reads them.
    expect(dateInZone(new Date("1099-03-01T12:00:00Z"), "UTC")).toBe("1099-03-01");
  });
});

describe("zonedInstant", () => {
  it("reads a wall-clock time in the zone, and a time the clocks skip with the offset before the change", () => {
    expect(zonedInstant("2026-03-02", "09:00", "Asia/Manila").toISOString()).toBe("2026-03-02T01:00:00.000Z");
    expect(zonedInstant("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // 01:30 passes twice on the day clocks fall back: its first passing (still daylight time).
    expect(zonedInstant("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });
});

describe("calendar arithmetic", () => {
  it("steps dates across months and years, and names weekdays from Sunday", () => {
    expect(nextDate("2026-02-28")).toBe("2026-03-01");
    expect(nextDate("2026-01-01", -1)).toBe("2025-12-31");
    expect(weekday("2026-11-25")).toBe(3);
    expect(nextDate("1099-12-31")).toBe("1100-01-01");
    expect(nextDate("9999-12-30")).toBe("9999-12-31");
  });
});
