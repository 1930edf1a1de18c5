/** The periods a pay frequency lays out, the next one a new run proposes, and the pay date the settings give it. */
import { describe, expect, it } from "vitest";
import { nextPayPeriod, payDateFor, periodFits } from "../../contracts/pay-periods";

const period = (period_start: string, period_end: string) => ({ period_start, period_end });

describe("the next period", () => {
  it("follows the latest run by the frequency", () => {
    expect(nextPayPeriod("monthly", "2026-10-31", "2026-11-28")).toEqual(period("2026-11-01", "2026-11-30"));
    expect(nextPayPeriod("semi_monthly", "2026-11-15", "2026-11-28")).toEqual(period("2026-11-16", "2026-11-30"));
    expect(nextPayPeriod("semi_monthly", "2026-11-30", "2026-11-28")).toEqual(period("2026-12-01", "2026-12-15"));
    // February's second half is 13 or 14 days.
    expect(nextPayPeriod("semi_monthly", "2028-02-15", "2028-02-20")).toEqual(period("2028-02-16", "2028-02-29"));
    expect(nextPayPeriod("weekly", "2026-11-22", "2026-11-28")).toEqual(period("2026-11-23", "2026-11-29"));
    expect(nextPayPeriod("biweekly", "2026-11-22", "2026-11-28")).toEqual(period("2026-11-23", "2026-12-06"));
  });

  it("is the last one ended when there is no run yet: a first run pays what has been worked", () => {
    expect(nextPayPeriod("monthly", undefined, "2026-11-28")).toEqual(period("2026-10-01", "2026-10-31"));
    expect(nextPayPeriod("monthly", undefined, "2026-01-05")).toEqual(period("2025-12-01", "2025-12-31"));
    expect(nextPayPeriod("semi_monthly", undefined, "2026-11-28")).toEqual(period("2026-11-01", "2026-11-15"));
    expect(nextPayPeriod("semi_monthly", undefined, "2026-11-15")).toEqual(period("2026-10-16", "2026-10-31"));
    // Saturday 28 November 2026: the week of Monday 16 to Sunday 22 is the last whole one.
    expect(nextPayPeriod("weekly", undefined, "2026-11-28")).toEqual(period("2026-11-16", "2026-11-22"));
    expect(nextPayPeriod("biweekly", undefined, "2026-11-28")).toEqual(period("2026-11-09", "2026-11-22"));
    // On a Sunday that week has not ended.
    expect(nextPayPeriod("weekly", undefined, "2026-11-29")).toEqual(period("2026-11-16", "2026-11-22"));
  });

  it("starts a frequency's periods from wherever the last run ended (a half month after a monthly run that ended mid-month)", () => {
    expect(nextPayPeriod("semi_monthly", "2026-11-09", "2026-11-28")).toEqual(period("2026-11-10", "2026-11-15"));
    expect(nextPayPeriod("monthly", "2026-11-15", "2026-11-28")).toEqual(period("2026-11-16", "2026-11-30"));
  });
});

describe("a period that fits the frequency", () => {
  it("is a calendar month, a half month, or 7 or 14 days", () => {
    expect(periodFits("monthly", period("2026-11-01", "2026-11-30"))).toBe(true);
    expect(periodFits("monthly", period("2026-11-01", "2026-11-15"))).toBe(false);
    expect(periodFits("semi_monthly", period("2026-11-16", "2026-11-30"))).toBe(true);
    expect(periodFits("semi_monthly", period("2026-11-01", "2026-11-30"))).toBe(false);
    expect(periodFits("semi_monthly", period("2026-11-10", "2026-11-15"))).toBe(false);
    expect(periodFits("weekly", period("2026-11-25", "2026-12-01"))).toBe(true);
    expect(periodFits("biweekly", period("2026-11-25", "2026-12-01"))).toBe(false);
  });
});

describe("the pay date the settings give", () => {
  it("is the period's last day, its last weekday, or a day of the month", () => {
    // 31 October 2026 is a Saturday, 30 August 2026 a Sunday.
    expect(payDateFor("last_day", 25, period("2026-10-01", "2026-10-31"))).toBe("2026-10-31");
    expect(payDateFor("last_working_day", 25, period("2026-10-01", "2026-10-31"))).toBe("2026-10-30");
    expect(payDateFor("last_working_day", 25, period("2026-08-16", "2026-08-30"))).toBe("2026-08-28");
    expect(payDateFor("last_working_day", 25, period("2026-11-16", "2026-11-30"))).toBe("2026-11-30");
    expect(payDateFor("fixed_day", 25, period("2026-11-01", "2026-11-30"))).toBe("2026-11-25");
    expect(payDateFor("fixed_day", 31, period("2026-02-01", "2026-02-28"))).toBe("2026-02-28");
    // The 10th is before the second half starts: the next month's 10th.
    expect(payDateFor("fixed_day", 10, period("2026-11-16", "2026-11-30"))).toBe("2026-12-10");
  });
});
