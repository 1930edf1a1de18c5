/**
 * A run's period among its pay frequency's periods (server/modules/payroll/frequency.ts): what
 * periods_per_year, period_in_month and last_period_in_month give a formula.
 */
import { describe, expect, it } from "vitest";
import { periodPlace } from "../../server/modules/payroll/frequency";

const place = (frequency: Parameters<typeof periodPlace>[0], start: string, end: string) => periodPlace(frequency, { start, end });

describe("periodPlace", () => {
  it("makes a monthly period the month's first and last of 12", () => {
    expect(place("monthly", "2026-02-01", "2026-02-28")).toEqual({ periods_per_year: 12, period_in_month: 1, last_period_in_month: 1 });
  });

  it("splits a semi-monthly month at the 15th: 1–15 first, 16–end second and last, of 24", () => {
    expect(place("semi_monthly", "2026-02-01", "2026-02-15")).toEqual({ periods_per_year: 24, period_in_month: 1, last_period_in_month: 0 });
    expect(place("semi_monthly", "2026-02-16", "2026-02-28")).toEqual({ periods_per_year: 24, period_in_month: 2, last_period_in_month: 1 });
  });

  it("counts weeks by the day they end: the week ending 29 January is January's fifth and last of 52", () => {
    expect(place("weekly", "2026-01-03", "2026-01-09")).toEqual({ periods_per_year: 52, period_in_month: 2, last_period_in_month: 0 });
    expect(place("weekly", "2026-01-23", "2026-01-29")).toEqual({ periods_per_year: 52, period_in_month: 5, last_period_in_month: 1 });
    expect(place("weekly", "2026-01-17", "2026-01-23")).toEqual({ periods_per_year: 52, period_in_month: 4, last_period_in_month: 0 });
  });

  it("counts fortnights of 26 a year: one ending on the 20th is its month's second, and last when the next ends in the next month", () => {
    expect(place("biweekly", "2026-02-07", "2026-02-20")).toEqual({ periods_per_year: 26, period_in_month: 2, last_period_in_month: 1 });
    expect(place("biweekly", "2026-01-03", "2026-01-16")).toEqual({ periods_per_year: 26, period_in_month: 2, last_period_in_month: 0 });
  });
});
