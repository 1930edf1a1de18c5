/**
 * Basic pay for a period from effective-dated rates: how many months a period
 * is, proration by hire date, end date and a rate change (calendar days), days
 * and hours worked for daily and hourly rates, the day and hour rates, and the
 * cases with nothing to pay from. Expected figures are worked by hand in the
 * comments, to the cent.
 */
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { PAY_VARIABLES } from "../../contracts/payroll";
import { basicPay, monthsIn, type BasicPay, type PayBasis, type Period, type RateFrom } from "../../server/modules/payroll/basic-pay";
import { computePay, type MoneyRules, type PayInputs } from "../../server/modules/payroll/engine";
import { PayDecimal, type Dec } from "../../server/modules/payroll/formula";
import { planPay } from "../../server/modules/payroll/plan";

const dec = (value: string | number) => new PayDecimal(value);
const SETTINGS = { working_days_per_month: "22", hours_per_day: "8" };
const PHP = { currency: "PHP", digits: 2 };
const JPY = { currency: "JPY", digits: 0 };

const rate = (pay_basis: PayBasis, minor: number, effective_from = "1900-01-01", currency = "PHP"): RateFrom => ({ effective_from, pay_basis, rate: minor, currency });
const monthly = (minor: number, from?: string, currency?: string) => rate("monthly", minor, from, currency);
const daily = (minor: number, from?: string) => rate("daily", minor, from);
const hourly = (minor: number, from?: string) => rate("hourly", minor, from);

const JANUARY: Period = { start: "2025-01-01", end: "2025-01-31" };

interface Options {
  hire?: string | null;
  end?: string | null;
  days?: string | number | Dec;
  hours?: string | number | Dec;
  settings?: typeof SETTINGS;
  run?: typeof PHP;
}
function compute(period: Period, rates: RateFrom[], options: Options = {}): BasicPay {
  return basicPay(
    period,
    { hire_date: options.hire ?? null, end_date: options.end ?? null },
    rates,
    { days: dec((options.days ?? 0) as string | number), hours: dec((options.hours ?? 0) as string | number) },
    options.settings ?? SETTINGS,
    options.run ?? PHP,
  );
}
function paid(period: Period, rates: RateFrom[], options: Options = {}) {
  const result = compute(period, rates, options);
  if (result.kind !== "paid") throw new Error(`expected pay, got ${JSON.stringify(result)}`);
  return result;
}
/** Basic pay to the centavo (half up), as a string. */
const cents = (period: Period, rates: RateFrom[], options: Options = {}) => paid(period, rates, options).basic.toDecimalPlaces(options.run?.digits ?? 2, PayDecimal.ROUND_HALF_UP).toFixed(options.run?.digits ?? 2);

/** The engine's result for a single BASIC line reading `basic`, in minor units. */
function basicLine(basic: Dec, rules: MoneyRules): number {
  const plan = planPay([{ id: 1, code: "BASIC", name: "Basic", kind: "earning", taxable: true, pre_tax: false, calculation: { type: "formula", expression: "basic" }, employer_share: null, order: 1 }], new Set());
  const zero = dec(0);
  const others = PAY_VARIABLES.filter((name) => name !== "gross" && name !== "taxable").map((name) => [name, zero]);
  const inputs = { ...Object.fromEntries(others), basic } as PayInputs;
  return computePay(plan, new Map(), inputs, new Map(), rules).gross;
}

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const iso = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

describe("monthsIn", () => {
  const months = (start: string, end: string) => monthsIn({ start, end });

  it("counts whole calendar months as whole", () => {
    expect(months("2025-01-01", "2025-01-31").toString()).toBe("1");
    expect(months("2025-02-01", "2025-02-28").toString()).toBe("1");
    expect(months("2024-02-01", "2024-02-29").toString()).toBe("1");
    expect(months("2025-04-01", "2025-04-30").toString()).toBe("1");
    expect(months("2025-01-01", "2025-03-31").toString()).toBe("3");
    expect(months("2024-12-01", "2025-01-31").toString()).toBe("2");
  });

  it("counts the 1st–15th and the 16th–last as half a month", () => {
    expect(months("2025-01-01", "2025-01-15").toString()).toBe("0.5");
    expect(months("2025-01-16", "2025-01-31").toString()).toBe("0.5");
    expect(months("2025-04-16", "2025-04-30").toString()).toBe("0.5");
    expect(months("2025-02-16", "2025-02-28").toString()).toBe("0.5");
    expect(months("2024-02-16", "2024-02-29").toString()).toBe("0.5");
  });

  it("counts any other period as its days × 12 / 365", () => {
    // A week: 7 × 12 / 365 = 84/365
    expect(months("2025-06-02", "2025-06-08").equals(dec(84).dividedBy(365))).toBe(true);
    // 1st–28th of a leap February is not the whole month: 28 × 12 / 365
    expect(months("2024-02-01", "2024-02-28").equals(dec(336).dividedBy(365))).toBe(true);
    // 16th–30th of a 31-day month is not its second half: 15 × 12 / 365
    expect(months("2025-01-16", "2025-01-30").equals(dec(180).dividedBy(365))).toBe(true);
    // 16th to the next 15th: 31 × 12 / 365 (a little over a month)
    expect(months("2025-01-16", "2025-02-15").equals(dec(372).dividedBy(365))).toBe(true);
    // A single day: 12 / 365
    expect(months("2025-03-05", "2025-03-05").equals(dec(12).dividedBy(365))).toBe(true);
  });

  test.prop([fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 3 })])("a run of whole months is that many months", (year, month, count) => {
    const endMonth = month + count - 1;
    const endYear = year + Math.floor((endMonth - 1) / 12);
    const endInYear = ((endMonth - 1) % 12) + 1;
    expect(months(iso(year, month, 1), iso(endYear, endInYear, lastDay(endYear, endInYear))).toString()).toBe(String(count));
  });
});

describe("basicPay: monthly rates", () => {
  it("pays a whole month exactly the monthly rate", () => {
    expect(paid(JANUARY, [monthly(2_500_000)]).basic.toString()).toBe("25000");
    expect(paid({ start: "2025-02-01", end: "2025-02-28" }, [monthly(2_500_001)]).basic.toString()).toBe("25000.01");
    expect(paid({ start: "2025-01-01", end: "2025-03-31" }, [monthly(2_500_000)]).basic.toString()).toBe("75000");
  });

  it("pays each half month half the rate, whatever its days", () => {
    expect(paid({ start: "2025-01-01", end: "2025-01-15" }, [monthly(2_500_000)]).basic.toString()).toBe("12500");
    expect(paid({ start: "2025-01-16", end: "2025-01-31" }, [monthly(2_500_000)]).basic.toString()).toBe("12500");
    expect(paid({ start: "2025-02-16", end: "2025-02-28" }, [monthly(2_500_000)]).basic.toString()).toBe("12500");
    // Half of 25,000.01 = 12,500.005 (left for the engine to round)
    expect(paid({ start: "2025-01-01", end: "2025-01-15" }, [monthly(2_500_001)]).basic.toString()).toBe("12500.005");
  });

  it("pays another period its days × 12 / 365 of a month", () => {
    // A week of 25,000.00: 25,000 × 84 / 365 = 5,753.424657… → 5,753.42
    expect(cents({ start: "2025-06-02", end: "2025-06-08" }, [monthly(2_500_000)])).toBe("5753.42");
    // 10 days of 30,000.00: 30,000 × 120 / 365 = 9,863.013698… → 9,863.01
    expect(cents({ start: "2025-03-03", end: "2025-03-12" }, [monthly(3_000_000)])).toBe("9863.01");
  });

  it("prorates by the hire date, in calendar days", () => {
    // Hired June 15th: 16 of June's 30 days. 25,000 × 16 / 30 = 13,333.333… → 13,333.33
    expect(cents({ start: "2025-06-01", end: "2025-06-30" }, [monthly(2_500_000)], { hire: "2025-06-15" })).toBe("13333.33");
    // Hired January 16th: 16 of 31 days. 25,000 × 16 / 31 = 12,903.225806… → 12,903.23
    expect(cents(JANUARY, [monthly(2_500_000)], { hire: "2025-01-16" })).toBe("12903.23");
    // Hired before the period: the whole month.
    expect(paid(JANUARY, [monthly(2_500_000)], { hire: "2019-05-01" }).basic.toString()).toBe("25000");
    // Hired on the last day: 1 of 31. 25,000 / 31 = 806.451612… → 806.45
    expect(cents(JANUARY, [monthly(2_500_000)], { hire: "2025-01-31" })).toBe("806.45");
  });

  it("prorates by the end date, and by both", () => {
    // Left January 10th: 10 of 31. 25,000 × 10 / 31 = 8,064.516129… → 8,064.52
    expect(cents(JANUARY, [monthly(2_500_000)], { end: "2025-01-10" })).toBe("8064.52");
    // Hired the 5th, left the 20th: 16 of 31 → 12,903.23
    expect(cents(JANUARY, [monthly(2_500_000)], { hire: "2025-01-05", end: "2025-01-20" })).toBe("12903.23");
    // Leaving after the period changes nothing.
    expect(paid(JANUARY, [monthly(2_500_000)], { end: "2025-12-31" }).basic.toString()).toBe("25000");
  });

  it("prorates a half month within the half", () => {
    // 16th–31st (16 days), hired the 20th: 12 of 16. 25,000 × ½ × 12 / 16 = 9,375.00
    expect(paid({ start: "2025-01-16", end: "2025-01-31" }, [monthly(2_500_000)], { hire: "2025-01-20" }).basic.toString()).toBe("9375");
    // February 16th–28th (13 days), hired the 20th: 9 of 13. 12,500 × 9 / 13 = 8,653.846153… → 8,653.85
    expect(cents({ start: "2025-02-16", end: "2025-02-28" }, [monthly(2_500_000)], { hire: "2025-02-20" })).toBe("8653.85");
  });

  it("splits a month between two rates by the calendar days each was in force", () => {
    // 25,000 for the 1st–15th, 30,000 from the 16th: (25,000 × 15 + 30,000 × 16) / 31 = 855,000 / 31 = 27,580.645161… → 27,580.65
    const result = paid(JANUARY, [monthly(2_500_000, "2024-07-01"), monthly(3_000_000, "2025-01-16")]);
    expect(result.basic.toDecimalPlaces(2).toFixed(2)).toBe("27580.65");
    // The rate the period ends on is the one reported.
    expect(result).toMatchObject({ pay_basis: "monthly", rate: 3_000_000, currency: "PHP" });
    // Hired the 10th as well: 6 days at 25,000 and 16 at 30,000, of 31: (150,000 + 480,000) / 31 = 20,322.580645… → 20,322.58
    expect(cents(JANUARY, [monthly(2_500_000, "2024-07-01"), monthly(3_000_000, "2025-01-16")], { hire: "2025-01-10" })).toBe("20322.58");
  });

  it("pays only the days a rate is in force when the first rate starts inside the period", () => {
    // A rate from the 16th and none before: 16 of 31 → 12,903.23
    expect(cents(JANUARY, [monthly(2_500_000, "2025-01-16")])).toBe("12903.23");
  });

  it("ignores rates superseded before the period and rates starting after it", () => {
    const rates = [monthly(1_000_000, "2020-01-01"), monthly(2_000_000, "2023-01-01"), monthly(2_500_000, "2024-06-01"), monthly(9_900_000, "2025-02-01")];
    const result = paid(JANUARY, rates);
    expect(result.basic.toString()).toBe("25000");
    expect(result.rate).toBe(2_500_000);
  });

  it("pays in the run's currency digits: JPY has none", () => {
    // ¥300,000 a month (minor units are yen)
    expect(paid(JANUARY, [monthly(300_000, undefined, "JPY")], { run: JPY }).basic.toString()).toBe("300000");
    // Hired the 16th: 300,000 × 16 / 31 = 154,838.709677… → ¥154,839
    expect(cents(JANUARY, [monthly(300_000, undefined, "JPY")], { run: JPY, hire: "2025-01-16" })).toBe("154839");
    // Day rate 300,000 / 22 = 13,636.3636…
    expect(paid(JANUARY, [monthly(300_000, undefined, "JPY")], { run: JPY }).daily_rate.toDecimalPlaces(4).toString()).toBe("13636.3636");
  });

  test.prop([fc.integer({ min: 1, max: 10_000_000_000 }), fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 })])("a whole month is the monthly rate exactly; its two halves add up to it", (minor, year, month) => {
    const end = lastDay(year, month);
    const whole = paid({ start: iso(year, month, 1), end: iso(year, month, end) }, [monthly(minor)]).basic;
    expect(whole.equals(dec(minor).dividedBy(100))).toBe(true);
    const first = paid({ start: iso(year, month, 1), end: iso(year, month, 15) }, [monthly(minor)]).basic;
    const second = paid({ start: iso(year, month, 16), end: iso(year, month, end) }, [monthly(minor)]).basic;
    expect(first.plus(second).equals(whole)).toBe(true);
  });

  test.prop([fc.integer({ min: 1, max: 10_000_000_000 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1, max: 31 })])(
    "employed from day h to day e of a month: the rate × (e − h + 1) / the month's days",
    (minor, month, a, b) => {
      const days = lastDay(2025, month);
      const [h, e] = [Math.min(a, b, days), Math.min(Math.max(a, b), days)];
      const basic = paid({ start: iso(2025, month, 1), end: iso(2025, month, days) }, [monthly(minor)], { hire: iso(2025, month, h), end: iso(2025, month, e) }).basic;
      // Exact to 20 decimal places (basic is trimmed there, far below a cent).
      expect(basic.equals(dec(minor).dividedBy(100).times(e - h + 1).dividedBy(days).toDecimalPlaces(20))).toBe(true);
    },
  );

  test.prop([fc.integer({ min: 1, max: 10_000_000_000 }), fc.integer({ min: 2, max: 31 })])("a rate entered again unchanged mid-month pays the same, to within 10^-30", (minor, day) => {
    const once = paid(JANUARY, [monthly(minor)]).basic;
    const twice = paid(JANUARY, [monthly(minor, "2020-01-01"), monthly(minor, iso(2025, 1, day))]).basic;
    expect(twice.minus(once).abs().lessThan(dec("1e-30"))).toBe(true);
    // Half up, to the centavo, the same.
    expect(twice.toDecimalPlaces(2).equals(once)).toBe(true);
  });
});

describe("basicPay: daily and hourly rates", () => {
  it("pays a day rate for the days worked", () => {
    // 1,000.00 × 20.5 days = 20,500.00
    expect(paid(JANUARY, [daily(100_000)], { days: "20.5" }).basic.toString()).toBe("20500");
    // Hired mid-month: no calendar proration, only the days worked count. 1,000 × 10 = 10,000
    expect(paid(JANUARY, [daily(100_000)], { days: 10, hire: "2025-01-16" }).basic.toString()).toBe("10000");
    expect(paid(JANUARY, [daily(100_000)], { days: 0 }).basic.toString()).toBe("0");
  });

  it("pays an hour rate for the hours worked", () => {
    // 150.00 × 160 h = 24,000.00
    expect(paid(JANUARY, [hourly(15_000)], { hours: 160 }).basic.toString()).toBe("24000");
    // 150.00 × 37.5 h = 5,625.00 (days worked do not matter)
    expect(paid(JANUARY, [hourly(15_000)], { hours: "37.5", days: 20 }).basic.toString()).toBe("5625");
  });

  it("splits days worked between two day rates by the calendar days each was in force", () => {
    // 20 days worked; 1,000 for 15 of 31 days, 1,200 for 16: (1,000 × 20 × 15 + 1,200 × 20 × 16) / 31 = 684,000 / 31 = 22,064.516129… → 22,064.52
    const result = paid(JANUARY, [daily(100_000, "2024-01-01"), daily(120_000, "2025-01-16")], { days: 20 });
    expect(result.basic.toDecimalPlaces(2).toFixed(2)).toBe("22064.52");
    expect(result).toMatchObject({ pay_basis: "daily", rate: 120_000 });
    // Hired the 10th: 22 days covered, 6 at 1,000 and 16 at 1,200: (120,000 + 384,000) / 22 = 22,909.0909… → 22,909.09
    expect(cents(JANUARY, [daily(100_000, "2024-01-01"), daily(120_000, "2025-01-16")], { days: 20, hire: "2025-01-10" })).toBe("22909.09");
  });

  it("mixes a monthly rate and a day rate within one period", () => {
    // Monthly 25,000 to the 15th, then 1,000 a day, 10 days worked: 25,000 × 15 / 31 + 1,000 × 10 × 16 / 31 = 535,000 / 31 = 17,258.064516… → 17,258.06
    const result = paid(JANUARY, [monthly(2_500_000, "2024-01-01"), daily(100_000, "2025-01-16")], { days: 10 });
    expect(result.basic.toDecimalPlaces(2).toFixed(2)).toBe("17258.06");
    expect(result).toMatchObject({ pay_basis: "daily", rate: 100_000 });
    expect(result.daily_rate.toString()).toBe("1000");
  });

  test.prop([fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 62 }), fc.integer({ min: 1, max: 31 })])("one day rate: the rate × the days worked, whenever they were hired", (minor, halfDays, hireDay) => {
    const days = dec(halfDays).dividedBy(2);
    expect(paid(JANUARY, [daily(minor)], { days, hire: iso(2025, 1, hireDay) }).basic.equals(dec(minor).dividedBy(100).times(days))).toBe(true);
  });
});

describe("basicPay: day and hour rates", () => {
  it("monthly: the rate over working days a month, then over hours a day", () => {
    const result = paid(JANUARY, [monthly(2_500_000)]);
    // 25,000 / 22 = 1,136.3636…; / 8 = 142.0454545…
    expect(result.daily_rate.equals(dec(25000).dividedBy(22))).toBe(true);
    expect(result.hourly_rate.equals(dec(25000).dividedBy(22).dividedBy(8))).toBe(true);
    expect(result.daily_rate.toDecimalPlaces(2).toFixed(2)).toBe("1136.36");
    expect(result.hourly_rate.toDecimalPlaces(2).toFixed(2)).toBe("142.05");
    // Other settings: 26 days of 7.5 hours. 25,000 / 26 = 961.538461…; / 7.5 = 128.205128…
    const other = paid(JANUARY, [monthly(2_500_000)], { settings: { working_days_per_month: "26", hours_per_day: "7.5" } });
    expect(other.daily_rate.toDecimalPlaces(2).toFixed(2)).toBe("961.54");
    expect(other.hourly_rate.toDecimalPlaces(2).toFixed(2)).toBe("128.21");
  });

  it("daily: the rate itself, and over hours a day", () => {
    const result = paid(JANUARY, [daily(100_000)]);
    expect(result.daily_rate.toString()).toBe("1000");
    // 1,000 / 8 = 125
    expect(result.hourly_rate.toString()).toBe("125");
  });

  it("hourly: the rate itself, and times hours a day", () => {
    const result = paid(JANUARY, [hourly(15_000)]);
    // 150 × 8 = 1,200
    expect(result.daily_rate.toString()).toBe("1200");
    expect(result.hourly_rate.toString()).toBe("150");
  });

  it("come from the rate the period ends on", () => {
    const result = paid(JANUARY, [monthly(2_500_000, "2024-01-01"), monthly(3_000_000, "2025-01-16")]);
    // 30,000 / 22 = 1,363.6363…
    expect(result.daily_rate.toDecimalPlaces(2).toFixed(2)).toBe("1363.64");
    // Unless the person left before the change: then the rate they had.
    const left = paid(JANUARY, [monthly(2_500_000, "2024-01-01"), monthly(3_000_000, "2025-01-16")], { end: "2025-01-10" });
    expect(left).toMatchObject({ rate: 2_500_000 });
    expect(left.daily_rate.equals(dec(25000).dividedBy(22))).toBe(true);
  });
});

describe("basicPay: nothing to pay from", () => {
  it("missing_rate: no rate in force on any day employed in the period", () => {
    expect(compute(JANUARY, [])).toEqual({ kind: "missing_rate" });
    expect(compute(JANUARY, [monthly(2_500_000, "2025-02-01")])).toEqual({ kind: "missing_rate" });
    // Employed only outside the period.
    expect(compute(JANUARY, [monthly(2_500_000)], { hire: "2025-02-01" })).toEqual({ kind: "missing_rate" });
    expect(compute(JANUARY, [monthly(2_500_000)], { end: "2024-12-31" })).toEqual({ kind: "missing_rate" });
    // A rate starting after they left.
    expect(compute(JANUARY, [monthly(2_500_000, "2025-01-20")], { end: "2025-01-15" })).toEqual({ kind: "missing_rate" });
  });

  it("other_currency: a rate in force in another currency than the run's", () => {
    expect(compute(JANUARY, [monthly(500_000, undefined, "USD")])).toEqual({ kind: "other_currency", currency: "USD" });
    // Part of the period in USD is enough.
    expect(compute(JANUARY, [monthly(500_000, "2020-01-01", "USD"), monthly(2_500_000, "2025-01-10", "PHP")])).toEqual({ kind: "other_currency", currency: "USD" });
    // A USD rate superseded before the period, or starting after it, does not matter.
    expect(paid(JANUARY, [monthly(500_000, "2020-01-01", "USD"), monthly(2_500_000, "2024-01-01", "PHP")]).basic.toString()).toBe("25000");
    expect(paid(JANUARY, [monthly(2_500_000, "2024-01-01", "PHP"), monthly(500_000, "2025-02-01", "USD")]).basic.toString()).toBe("25000");
    // Nor a USD rate that ended before they were hired: 22 of 31 days in PHP. 25,000 × 22 / 31 = 17,741.935483… → 17,741.94
    expect(cents(JANUARY, [monthly(500_000, "2020-01-01", "USD"), monthly(2_500_000, "2025-01-10", "PHP")], { hire: "2025-01-10" })).toBe("17741.94");
  });
});

describe("basic pay through the engine", () => {
  it("pays 25,000.00 for 16 of 31 days as 12,903.23 under every nearest rule, 12,903.22 down, 12,903.23 up", () => {
    // 12,903.225806…
    const basic = paid(JANUARY, [monthly(2_500_000)], { hire: "2025-01-16" }).basic;
    expect(basicLine(basic, { digits: 2, rounding: "half_up" })).toBe(1_290_323);
    expect(basicLine(basic, { digits: 2, rounding: "half_even" })).toBe(1_290_323);
    expect(basicLine(basic, { digits: 2, rounding: "down" })).toBe(1_290_322);
    expect(basicLine(basic, { digits: 2, rounding: "up" })).toBe(1_290_323);
  });

  it("pays a whole month its rate under every rule", () => {
    const basic = paid(JANUARY, [monthly(2_500_001)]).basic;
    for (const rounding of ["half_up", "half_even", "down", "up"] as const) expect(basicLine(basic, { digits: 2, rounding })).toBe(2_500_001);
  });

  // A figure exact in cents stays exact (no hair above or below it from dividing at 40 digits),
  // so a company rounding "up" or "down" is paid neither a centavo too much nor too little.
  it("pays a week of 36,500.00 a month exactly 8,400.00 even rounding up (36,500 × 7 × 12 / 365)", () => {
    const basic = paid({ start: "2025-06-02", end: "2025-06-08" }, [monthly(3_650_000)]).basic;
    expect(basic.toString()).toBe("8400");
    expect(basicLine(basic, { digits: 2, rounding: "up" })).toBe(840_000);
  });

  it("pays 6 days of 36,500.00 a month exactly 7,200.00 even rounding down (36,500 × 6 × 12 / 365)", () => {
    const basic = paid({ start: "2025-01-01", end: "2025-01-06" }, [monthly(3_650_000)]).basic;
    expect(basicLine(basic, { digits: 2, rounding: "down" })).toBe(720_000);
  });

  it("pays a whole month exactly its rate when the same rate is entered again mid-month, even rounding up", () => {
    // 25,000 × 19/31 + 25,000 × 12/31 = 25,000 exactly.
    const basic = paid(JANUARY, [monthly(2_500_000, "2020-01-01"), monthly(2_500_000, "2025-01-20")]).basic;
    expect(basicLine(basic, { digits: 2, rounding: "up" })).toBe(2_500_000);
  });
});
