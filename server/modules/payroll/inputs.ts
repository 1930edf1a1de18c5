/**
 * Everything a run computes from, loaded set-based (one query per kind of
 * fact, never one per person): the people in scope, their effective-dated
 * rates, their attendance summed over the run's attendance window (its period unless attendance closed earlier), their overrides and the
 * run's adjustments of them, the active components planned once, the rate
 * tables in force, the people another regular run of the period already
 * pays, and what the month's other runs paid them (mtd).
 */
import { and, asc, eq, gte, isNull, lte, ne, not, or, sql, type SQL } from "drizzle-orm";
import { anyOf } from "../../lib/any-of";
import { minorDigits } from "../../../contracts/money";
import { codeReading, type RunPeople } from "../../../contracts/payroll";
import type { SettingsValues } from "../../../contracts/settings";
import { payComponents, payOverrides, payRates, payrollRuns, payslipAdjustments, payslips, users } from "../../db/schema";
import type { Db } from "../../db/client";
import type { AppContext } from "../../lib/context";
import { sumsByPerson, unworkedHolidays, type UnworkedHolidays } from "../attendance/day-sums";
import { KIND_MINUTES, type DaysSummary } from "../attendance/derive-core";
import { companyFacts } from "../company/facts";
import { leaveFactsByPerson, type LeaveFacts } from "../leave/pay-facts";
import { readSettings } from "../settings/service";
import { basicPay, type BasicPay, type Period, type RateFrom } from "./basic-pay";
import { currentPlan, tablesInForce } from "./components";
import type { MoneyRules, PayAdjustment, PayInputs, PersonOverride } from "./engine";
import { PayDecimal, type Dec } from "./formula";
import { periodPlace } from "./frequency";
import { monthToDate } from "./month-to-date";
import type { PayPlan } from "./plan";
import type { TableLookup } from "./rate-table";

export interface PayPerson {
  id: number;
  name: string;
  hire_date: string | null;
  end_date: string | null;
}

export interface RunInputs {
  period: Period;
  currency: string;
  money: MoneyRules;
  settings: SettingsValues<"payroll">;
  plan: PayPlan;
  tables: ReadonlyMap<string, TableLookup>;
  people: readonly PayPerson[];
  rates: ReadonlyMap<number, RateFrom[]>;
  attendance: ReadonlyMap<number, DaysSummary>;
  /** Holidays on each person's workdays that they did not work (regular ones as the settings' rule pays them). */
  unworked: ReadonlyMap<number, UnworkedHolidays>;
  overrides: ReadonlyMap<number, Map<string, PersonOverride>>;
  /** The payroll office's one-off lines of each person in this run (none for a run not yet saved). */
  adjustments: ReadonlyMap<number, PayAdjustment[]>;
  /** People a regular run of an overlapping period already pays. */
  paidElsewhere: ReadonlySet<number>;
  /** Each person's amounts in the month's other runs, by code (what mtd() reads). */
  monthToDate: ReadonlyMap<number, ReadonlyMap<string, Dec>>;
  /** Each person's approved leave in the attendance window and balances of the period's year. */
  leave: ReadonlyMap<number, LeaveFacts>;
}

/** Who a run is for: people employed at some time in the period, not archived, within its choice. */
export function peopleInScope(period: Period, people: RunPeople): SQL {
  const employed = and(
    isNull(users.archived_at),
    or(isNull(users.hire_date), lte(users.hire_date, period.end)),
    or(isNull(users.end_date), gte(users.end_date, period.start)),
  )!;
  if (people === "all") return employed;
  if ("user_ids" in people) return and(employed, anyOf(users.id, people.user_ids))!;
  return and(employed, sql`lower(${users.department}) = lower(${people.department})`)!;
}

/** Who among `userIds` another regular run of an overlapping period already pays (a person is paid by one regular run a period). */
export async function paidByOtherRegularRuns(db: Db, runId: number, period: Period, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ user_id: payslips.user_id })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payroll_id))
    .where(and(eq(payrollRuns.kind, "regular"), ne(payrollRuns.id, runId), lte(payrollRuns.period_start, period.end), gte(payrollRuns.period_end, period.start), anyOf(payslips.user_id, userIds)));
  return new Set(rows.map((row) => row.user_id));
}

/** What a run computes from: `excluded` are the people taken out of it by hand; `within` narrows it to some of its people (one payslip worked out again). */
export interface RunToLoad {
  id?: number;
  period: Period;
  /** The attendance it pays (the period unless attendance closed earlier): what the attendance variables read. */
  attendance?: Period;
  /** The month its mtd() reads is the month of this date (a correction's: the corrected run's). */
  pay_date: string;
  corrects_id?: number | null;
  people: RunPeople;
  kind: "regular" | "off_cycle";
  currency: string;
  excluded?: readonly number[];
  within?: readonly number[];
}

/** A stored run as it computes (its people less those taken out by hand), narrowed to `within` when given. */
export function storedRunToLoad(
  run: Pick<typeof payrollRuns.$inferSelect, "id" | "period_start" | "period_end" | "attendance_start" | "attendance_end" | "pay_date" | "corrects_id" | "people" | "kind" | "currency" | "excluded_user_ids">,
  within?: readonly number[],
): RunToLoad {
  return {
    id: run.id,
    period: { start: run.period_start, end: run.period_end },
    attendance: { start: run.attendance_start, end: run.attendance_end },
    pay_date: run.pay_date,
    corrects_id: run.corrects_id,
    people: run.people,
    kind: run.kind,
    currency: run.currency,
    excluded: run.excluded_user_ids,
    within,
  };
}

/** Rows by their person, each person's in the order read. */
function groupByPerson<T extends { user_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const byPerson = new Map<number, T[]>();
  for (const row of rows) {
    const list = byPerson.get(row.user_id) ?? [];
    list.push(row);
    byPerson.set(row.user_id, list);
  }
  return byPerson;
}

export async function loadRunInputs(ctx: AppContext, run: RunToLoad): Promise<RunInputs> {
  const { db } = ctx;
  const { period } = run;
  const attendanceWindow = run.attendance ?? period;
  const settings = await readSettings(ctx, "payroll");
  const people = await db
    .select({ id: users.id, name: users.name, hire_date: users.hire_date, end_date: users.end_date })
    .from(users)
    .where(
      and(
        peopleInScope(period, run.people),
        run.excluded?.length ? not(anyOf(users.id, run.excluded)) : undefined,
        run.within ? anyOf(users.id, run.within) : undefined,
      ),
    )
    .orderBy(asc(users.id));
  const ids = people.map((person) => person.id);
  const { time_zone } = await companyFacts(db);

  const [plan, tables, rateRows, attendance, unworked, overrideRows, adjustmentRows, elsewhere, monthly, leave] = await Promise.all([
    currentPlan(db),
    tablesInForce(db, period.end),
    ids.length === 0
      ? []
      : db
          .select({ user_id: payRates.user_id, effective_from: payRates.effective_from, pay_basis: payRates.pay_basis, rate: payRates.rate, currency: payRates.currency })
          .from(payRates)
          .where(and(anyOf(payRates.user_id, ids), lte(payRates.effective_from, period.end)))
          .orderBy(payRates.user_id, payRates.effective_from),
    sumsByPerson(db, { userIds: ids, from: attendanceWindow.start, to: attendanceWindow.end, timeZone: time_zone, now: ctx.clock.now() }),
    unworkedHolidays(db, { userIds: ids, from: attendanceWindow.start, to: attendanceWindow.end }, settings.unworked_holiday_rule),
    ids.length === 0
      ? []
      : db
          .select({ user_id: payOverrides.user_id, code: payComponents.code, mode: payOverrides.mode, value: payOverrides.value })
          .from(payOverrides)
          .innerJoin(payComponents, eq(payComponents.id, payOverrides.component_id))
          .where(and(anyOf(payOverrides.user_id, ids), lte(payOverrides.effective_from, period.end), or(isNull(payOverrides.effective_to), gte(payOverrides.effective_to, period.start))))
          .orderBy(payOverrides.effective_from, payOverrides.id),
    ids.length === 0 || run.id === undefined
      ? []
      : db
          .select({
            user_id: payslipAdjustments.user_id,
            id: payslipAdjustments.id,
            name: payslipAdjustments.name,
            kind: payslipAdjustments.kind,
            amount: payslipAdjustments.amount,
            taxable: payslipAdjustments.taxable,
            pre_tax: payslipAdjustments.pre_tax,
          })
          .from(payslipAdjustments)
          .where(and(eq(payslipAdjustments.payroll_id, run.id), anyOf(payslipAdjustments.user_id, ids)))
          .orderBy(payslipAdjustments.id),
    run.kind === "regular" && run.id !== undefined ? paidByOtherRegularRuns(db, run.id, period, ids) : new Set<number>(),
    monthToDate(db, { id: run.id, corrects_id: run.corrects_id, pay_date: run.pay_date, currency: run.currency }, ids),
    leaveFactsByPerson(db, ids, attendanceWindow, Number(period.end.slice(0, 4))),
  ]);

  const overrides = new Map<number, Map<string, PersonOverride>>();
  // Ordered by date: the latest override of a component in the period wins.
  for (const row of overrideRows) {
    const own = overrides.get(row.user_id) ?? new Map<string, PersonOverride>();
    own.set(row.code, { mode: row.mode, value: row.value === null ? null : new PayDecimal(row.value) });
    overrides.set(row.user_id, own);
  }
  return {
    period,
    currency: run.currency,
    money: { digits: minorDigits(run.currency), rounding: settings.rounding },
    settings,
    plan,
    tables,
    people,
    rates: groupByPerson(rateRows),
    attendance,
    unworked,
    overrides,
    adjustments: groupByPerson(adjustmentRows),
    paidElsewhere: elsewhere,
    monthToDate: monthly,
    leave,
  };
}

const minutesToHours = (minutes: number) => new PayDecimal(minutes).dividedBy(60);

/** leave_days("CODE") and leave_balance("CODE") of a person, by reading. */
function leaveReadings(facts: LeaveFacts | undefined): Map<string, Dec> {
  const readings = new Map<string, Dec>();
  for (const [code, days] of facts?.daysByCode ?? []) readings.set(codeReading("leave_days", code), new PayDecimal(days));
  for (const [code, days] of facts?.balanceByCode ?? []) readings.set(codeReading("leave_balance", code), new PayDecimal(days));
  return readings;
}

/** A person's variables for the formulas (and the code functions' readings), and their basic pay (or why they have none). */
export function personInputs(inputs: RunInputs, person: PayPerson): { pay: BasicPay; variables: PayInputs | null; codeReadings: Map<string, Dec>; days: DaysSummary } {
  const days = inputs.attendance.get(person.id)!;
  const leave = inputs.leave.get(person.id);
  const codeReadings = leaveReadings(leave);
  const holidaysOff = inputs.unworked.get(person.id) ?? { regular: 0, special: 0 };
  const place = periodPlace(inputs.settings.pay_frequency, inputs.period);
  // A half day is a day worked: its missing hours are undertime, deducted once.
  const daysWorked = new PayDecimal(days.days_worked);
  const hoursWorked = minutesToHours(days.worked_minutes);
  // Pay by the hour is for the workday hours worked but overtime: overtime, rest-day and holiday hours are paid by the
  // components that read them, as they are for people paid by the month or the day (whose basic pay leaves them out too), never twice.
  const hoursAtRate = minutesToHours(days.worked_minutes - days.overtime_minutes - KIND_MINUTES.reduce((sum, name) => sum + days[name], 0));
  const pay = basicPay(inputs.period, person, inputs.rates.get(person.id) ?? [], { days: daysWorked, hours: hoursAtRate }, inputs.settings, { currency: inputs.currency, digits: inputs.money.digits });
  if (pay.kind !== "paid") return { pay, variables: null, codeReadings, days };
  return {
    pay,
    days,
    codeReadings,
    variables: {
      basic: pay.basic,
      daily_rate: pay.daily_rate,
      hourly_rate: pay.hourly_rate,
      days_worked: daysWorked,
      hours_worked: hoursWorked,
      overtime_hours: minutesToHours(days.overtime_minutes),
      rest_day_hours: minutesToHours(days.rest_day_minutes),
      rest_day_overtime_hours: minutesToHours(days.rest_day_overtime_minutes),
      regular_holiday_hours: minutesToHours(days.regular_holiday_minutes),
      regular_holiday_overtime_hours: minutesToHours(days.regular_holiday_overtime_minutes),
      special_holiday_hours: minutesToHours(days.special_holiday_minutes),
      special_holiday_overtime_hours: minutesToHours(days.special_holiday_overtime_minutes),
      special_holiday_rest_day_hours: minutesToHours(days.special_holiday_rest_day_minutes),
      special_holiday_rest_day_overtime_hours: minutesToHours(days.special_holiday_rest_day_overtime_minutes),
      regular_holiday_rest_day_hours: minutesToHours(days.regular_holiday_rest_day_minutes),
      regular_holiday_rest_day_overtime_hours: minutesToHours(days.regular_holiday_rest_day_overtime_minutes),
      night_hours: minutesToHours(days.night_minutes),
      rest_day_night_hours: minutesToHours(days.rest_day_night_minutes),
      regular_holiday_night_hours: minutesToHours(days.regular_holiday_night_minutes),
      special_holiday_night_hours: minutesToHours(days.special_holiday_night_minutes),
      special_holiday_rest_day_night_hours: minutesToHours(days.special_holiday_rest_day_night_minutes),
      regular_holiday_rest_day_night_hours: minutesToHours(days.regular_holiday_rest_day_night_minutes),
      regular_holidays_unworked: new PayDecimal(holidaysOff.regular),
      special_holidays_unworked: new PayDecimal(holidaysOff.special),
      overtime_multiplier: new PayDecimal(inputs.settings.overtime_multiplier),
      hours_per_day: new PayDecimal(inputs.settings.hours_per_day),
      working_days_per_month: new PayDecimal(inputs.settings.working_days_per_month),
      periods_per_year: new PayDecimal(place.periods_per_year),
      period_in_month: new PayDecimal(place.period_in_month),
      last_period_in_month: new PayDecimal(place.last_period_in_month),
      late_minutes: new PayDecimal(days.late_minutes),
      undertime_minutes: new PayDecimal(days.undertime_minutes),
      absences: new PayDecimal(days.days_absent),
      paid_leave_days: new PayDecimal(leave?.paidDays ?? 0),
      unpaid_leave_days: new PayDecimal(leave?.unpaidDays ?? 0),
      paid_monthly: new PayDecimal(pay.pay_basis === "monthly" ? 1 : 0),
      paid_daily: new PayDecimal(pay.pay_basis === "daily" ? 1 : 0),
      paid_hourly: new PayDecimal(pay.pay_basis === "hourly" ? 1 : 0),
    },
  };
}
