/**
 * Wall clocks of the company's zone and the instants they name: what an
 * administrator types on /user-attendance and what the API receives, across
 * zones ahead of and behind UTC, and daylight-saving changes.
 */
import { describe, expect, it } from "vitest";
import { dayAfter, instantOf, wallClockOf } from "../../src/components/attendance/zonedTime";

describe("instantOf", () => {
  it.each([
    ["Asia/Manila", { date: "2026-03-02", time: "09:00" }, "2026-03-02T09:00:00+08:00"],
    ["UTC", { date: "2026-03-02", time: "00:05" }, "2026-03-02T00:05:00+00:00"],
    ["America/New_York", { date: "2026-01-15", time: "17:30" }, "2026-01-15T17:30:00-05:00"],
    // Summer time: the offset in force on the day, not today's.
    ["America/New_York", { date: "2026-07-15", time: "17:30" }, "2026-07-15T17:30:00-04:00"],
    ["Asia/Kolkata", { date: "2026-03-02", time: "09:00" }, "2026-03-02T09:00:00+05:30"],
    // The night the clocks go back: a first guess from the wall time would take the wrong side.
    ["Europe/Paris", { date: "2026-10-25", time: "04:00" }, "2026-10-25T04:00:00+01:00"],
    ["Europe/Paris", { date: "2026-03-29", time: "01:30" }, "2026-03-29T01:30:00+01:00"],
    ["Europe/Paris", { date: "2026-03-29", time: "03:30" }, "2026-03-29T03:30:00+02:00"],
  ])("in %s reads %j as %s", (zone, wall, iso) => {
    expect(instantOf(wall, zone)).toBe(iso);
  });

  it.each(["Asia/Manila", "America/New_York", "Europe/Paris", "Pacific/Chatham"])("gives back the wall clock it was made from in %s", (zone) => {
    for (const wall of [{ date: "2026-01-01", time: "00:00" }, { date: "2026-06-30", time: "23:59" }, { date: "2026-11-01", time: "12:15" }]) {
      expect(wallClockOf(instantOf(wall, zone), zone)).toEqual(wall);
    }
  });
});

describe("wallClockOf", () => {
  it("reads an instant on the zone's clock, on the zone's date", () => {
    expect(wallClockOf("2026-11-23T17:05:00Z", "Asia/Manila")).toEqual({ date: "2026-11-24", time: "01:05" });
    expect(wallClockOf("2026-11-24T01:05:00Z", "America/Los_Angeles")).toEqual({ date: "2026-11-23", time: "17:05" });
  });
});

describe("dayAfter", () => {
  it("crosses months, years and leap days", () => {
    expect(dayAfter("2026-03-02")).toBe("2026-03-03");
    expect(dayAfter("2026-12-31")).toBe("2027-01-01");
    expect(dayAfter("2028-02-28")).toBe("2028-02-29");
    expect(dayAfter("2026-02-28")).toBe("2026-03-01");
  });
});
