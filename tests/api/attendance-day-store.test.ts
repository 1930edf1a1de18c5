/**
 * The stored days (attendance_days) and the sums read from them agree with
 * deriving every day on the spot, after each kind of write that changes a
 * day: records entered, corrected and removed, a clock-in left open, a
 * schedule's times changed, a holiday added and moved, an assignment made
 * and withdrawn, and the job that derives a large scope again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttendanceDay, DayStatus } from "../../contracts/attendance-reports";
import { attendanceDays } from "../../server/db/schema";
import { refreshDays } from "../../server/modules/attendance/day-store";
import { countsByDate, splitRange, sumsByPerson } from "../../server/modules/attendance/day-sums";
import { deriveDays } from "../../server/modules/attendance/derive";
import { summarize } from "../../server/modules/attendance/derive-core";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createRole, employeeSignedIn, type Person } from "../support/people";

let t: TestApp;
let admin: string;
let people: (Person & { token: string })[];
let office: number;
let night: number;

const ZONE = "Asia/Manila";
// The test clock stands on Monday 2026-03-02, 17:00 in Manila: February is over, today is not.
const RANGE = { from: "2026-02-01", to: "2026-03-03" };
const at = (date: string, time: string, nextDay = false) => {
  const instant = new Date(`${date}T${time}:00+08:00`);
  if (nextDay) instant.setTime(instant.getTime() + 86_400_000);
  return instant.toISOString();
};
const REASON = "Paper timesheet signed by the supervisor";

async function enter(person: Person, date: string, from: string, to: string, breaks: [string, string][] = []): Promise<number> {
  const nextDay = to <= from;
  const payload = {
    user_id: person.id,
    clock_in_at: at(date, from),
    clock_out_at: at(date, to, nextDay),
    breaks: breaks.map(([start, end]) => ({ started_at: at(date, start, nextDay && start < from), ended_at: at(date, end, nextDay && end < from) })),
    reason: REASON,
  };
  const response = await call(t, admin, { method: "POST", url: "/api/attendance/manual", payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function ok(request: Parameters<typeof call>[2]) {
  const response = await call(t, admin, request);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

/** Every figure read from the store equals the days derived one by one, now. */
async function expectStoreMatchesDerivation(): Promise<void> {
  const userIds = people.map((person) => person.id);
  const query = { userIds, ...RANGE, timeZone: ZONE, now: t.clock.now() };
  const days = await deriveDays(t.database.db, query);

  const closed = days.filter((day) => day.first_in !== null && day.last_out !== null);
  const stored = await t.database.db.select().from(attendanceDays);
  // Every stored column is a figure of the day under its own name, but the date and the two instants.
  // The leave's type is read with the day, not stored (its share is): compared without it.
  const asDay = ({ work_date, first_in, last_out, ...figures }: (typeof stored)[number]): Omit<AttendanceDay, "leave_code"> => ({
    ...figures,
    date: work_date,
    first_in: first_in.toISOString(),
    last_out: last_out.toISOString(),
  });
  const order = (list: Omit<AttendanceDay, "leave_code">[]) => [...list].sort((a, b) => a.user_id - b.user_id || a.date.localeCompare(b.date));
  expect(order(stored.map(asDay))).toEqual(order(closed.map(({ leave_code: _code, ...day }) => day)));

  const sums = await sumsByPerson(t.database.db, query);
  for (const id of userIds) expect(sums.get(id), `person ${id}`).toEqual(summarize(days.filter((day) => day.user_id === id)));

  const counted = await countsByDate(t.database.db, query);
  for (const count of counted) {
    const ofDate = days.filter((day) => day.date === count.date);
    const of = (status: DayStatus) => ofDate.filter((day) => day.status === status).length;
    expect(count, count.date).toEqual({ date: count.date, present: of("present"), late: of("late"), half_day: of("half_day"), absent: of("absent"), leave: of("leave"), scheduled: of("scheduled") });
  }
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  await ok({ method: "PUT", url: "/api/company-profile", payload: { time_zone: ZONE, first_day_of_week: 1 } });
  const role = await createRole(t, admin, ["attendance_access"]);
  people = [];
  for (let index = 0; index < 4; index++) people.push(await employeeSignedIn(t, admin, { role_id: role }));
  const schedule = (name: string, start: string, end: string) =>
    ok({ method: "POST", url: "/api/schedules", payload: { name, working_days: [1, 2, 3, 4, 5], start_time: start, end_time: end, unpaid_break_minutes: 60, grace_minutes: 10, overtime_after_minutes: 480 } });
  office = (await schedule("Store office hours", "09:00", "18:00")).data.id;
  night = (await schedule("Store night shift", "22:00", "06:00")).data.id;
  const assign = (id: number, who: Person[], from: string) => ok({ method: "POST", url: `/api/schedules/${id}/assignments`, payload: { user_ids: who.map((person) => person.id), effective_from: from } });
  await assign(office, [people[0], people[1], people[3]], "2026-01-01");
  await assign(night, [people[2]], "2026-01-01");
  // The fourth person moves to nights half-way through February.
  await assign(night, [people[3]], "2026-02-16");
});

afterAll(async () => {
  await t?.close();
});

describe("stored days", () => {
  let late: number;
  let weekend: number;

  it("hold each closed day's figures, and the sums and counts equal the days derived one by one", async () => {
    await enter(people[0], "2026-02-02", "09:05", "18:00", [["12:00", "13:00"]]);
    late = await enter(people[0], "2026-02-03", "09:40", "18:30", [["12:00", "13:30"]]);
    await enter(people[0], "2026-02-04", "09:00", "12:00");
    weekend = await enter(people[1], "2026-02-07", "10:00", "15:00");
    await enter(people[1], "2026-02-09", "08:55", "20:30");
    await enter(people[2], "2026-02-02", "22:20", "06:00");
    await enter(people[2], "2026-02-03", "21:55", "05:00");
    await enter(people[3], "2026-02-10", "09:00", "18:00");
    await enter(people[3], "2026-02-17", "22:00", "06:30");
    await enter(people[0], "2026-03-02", "09:20", "12:00");
    expect((await t.database.db.select().from(attendanceDays)).length).toBe(10);
    await expectStoreMatchesDerivation();
  });

  it("follow a correction, a removal and a clock-in still open", async () => {
    await ok({ method: "PUT", url: `/api/attendance/${late}`, payload: { clock_in_at: at("2026-02-03", "09:02"), reason: REASON } });
    await ok({ method: "DELETE", url: `/api/attendance/${weekend}`, payload: { reason: "Entered for the wrong person" } });
    await ok({ method: "PUT", url: `/api/users/${people[1].id}`, payload: { clock_policy: "anywhere" } });
    const clockedIn = await call(t, people[1].token, { method: "POST", url: "/api/attendance/clock-in", payload: {} });
    expect(clockedIn.statusCode, clockedIn.body).toBe(201);
    await expectStoreMatchesDerivation();
  });

  it("follow a schedule's new times, holidays added and moved, and assignments made and withdrawn", async () => {
    await ok({ method: "PUT", url: `/api/schedules/${office}`, payload: { start_time: "08:30", grace_minutes: 0 } });
    await expectStoreMatchesDerivation();
    const holiday = (await ok({ method: "POST", url: "/api/holidays", payload: { date: "2026-02-02", name: "Store day off" } })).data.id;
    await expectStoreMatchesDerivation();
    await ok({ method: "PUT", url: `/api/holidays/${holiday}`, payload: { date: "2026-02-09" } });
    await expectStoreMatchesDerivation();
    // A regular holiday the morning after a night shift: the night's hours after midnight are holiday work, stored with the night's day.
    const morningAfter = (await ok({ method: "POST", url: "/api/holidays", payload: { date: "2026-02-03", name: "Store anniversary", kind: "regular" } })).data.id;
    const nightBefore = async () => (await t.database.db.select().from(attendanceDays)).find((row) => row.user_id === people[2].id && row.work_date === "2026-02-02")!;
    expect(await nightBefore()).toMatchObject({ regular_holiday_minutes: 300, crossed_minutes: 300, night_minutes: 400 });
    await expectStoreMatchesDerivation();
    // Made a special working day, it is an ordinary day again.
    await ok({ method: "PUT", url: `/api/holidays/${morningAfter}`, payload: { kind: "special_working" } });
    expect(await nightBefore()).toMatchObject({ regular_holiday_minutes: 0, crossed_minutes: 0, night_minutes: 400 });
    await expectStoreMatchesDerivation();
    const moved = (await ok({ method: "POST", url: `/api/schedules/${night}/assignments`, payload: { user_ids: [people[0].id], effective_from: "2026-02-03" } })).data[0].id;
    await expectStoreMatchesDerivation();
    await ok({ method: "DELETE", url: `/api/schedules/${night}/assignments/${moved}` });
    await expectStoreMatchesDerivation();
  });

  it("follow leave approved and taken back: whole days, a half day beside hours worked, and leave still to come", async () => {
    const type = (await ok({ method: "POST", url: "/api/leave-types", payload: { code: "STORE_VL", name: "Store vacation", paid: true, yearly_days: 15, unit: "half_day" } })).data.id;
    await t.app.ctx.jobs.idle();
    const leave = async (person: Person, start: string, end: string, half_day: "morning" | "afternoon" | null = null) => {
      const asked = await ok({ method: "POST", url: "/api/leave-requests", payload: { user_id: person.id, leave_type_id: type, start_date: start, end_date: end, half_day } });
      return (await ok({ method: "POST", url: `/api/leave-requests/${asked.data.id}/approve` })).data.id as number;
    };
    const away = await leave(people[1], "2026-02-11", "2026-02-13");
    await leave(people[0], "2026-02-04", "2026-02-04", "afternoon");
    await leave(people[3], "2026-03-03", "2026-03-03");
    const halfDay = (await t.database.db.select().from(attendanceDays)).find((row) => row.user_id === people[0].id && row.work_date === "2026-02-04")!;
    // Office hours are 08:30–18:00 by now: half of their 510 minutes are due, 180 were worked.
    expect(halfDay).toMatchObject({ leave_share: 0.5, undertime_minutes: 75 });
    await expectStoreMatchesDerivation();
    // Begun (in the past): taken back by the approver's decision on the person's request.
    await ok({ method: "POST", url: `/api/leave-requests/${away}/cancel` });
    await ok({ method: "POST", url: `/api/leave-requests/${away}/approve` });
    await expectStoreMatchesDerivation();
  });

  it("are derived again whole by the job, as a new company zone asks", async () => {
    await t.database.db.delete(attendanceDays);
    await ok({ method: "PUT", url: "/api/company-profile", payload: { time_zone: "UTC" } });
    await ok({ method: "PUT", url: "/api/company-profile", payload: { time_zone: ZONE } });
    await t.app.ctx.jobs.idle();
    expect((await t.database.db.select().from(attendanceDays)).length).toBeGreaterThan(0);
    await expectStoreMatchesDerivation();
  });

  it("are derived again whole by a refresh of everything", async () => {
    await t.database.db.delete(attendanceDays);
    await refreshDays(t.database.db, {}, t.clock.now());
    await expectStoreMatchesDerivation();
  });
});

describe("splitRange", () => {
  const now = new Date("2026-03-02T09:00:00Z");
  const split = (from: string, to: string) => splitRange({ from, to, timeZone: ZONE, now });

  it("reads whole months that ended two days ago from the month sums, and the rest day by day", () => {
    expect(split("2026-01-01", "2026-02-28")).toEqual({ months: ["2026-01-01", "2026-02-01"], days: [] });
    expect(split("2025-12-15", "2026-03-03")).toEqual({ months: ["2026-01-01", "2026-02-01"], days: [{ from: "2025-12-15", to: "2025-12-31" }, { from: "2026-03-01", to: "2026-03-03" }] });
    expect(split("2025-11-20", "2026-01-10")).toEqual({ months: ["2025-12-01"], days: [{ from: "2025-11-20", to: "2025-11-30" }, { from: "2026-01-01", to: "2026-01-10" }] });
  });

  it("reads a month not yet settled, or cut by the range, day by day", () => {
    expect(split("2026-02-02", "2026-02-27")).toEqual({ months: [], days: [{ from: "2026-02-02", to: "2026-02-27" }] });
    // On 2 March in Manila, 28 February ended less than two days ago.
    expect(split("2026-02-01", "2026-02-28")).toEqual({ months: ["2026-02-01"], days: [] });
    expect(splitRange({ from: "2026-02-01", to: "2026-02-28", timeZone: ZONE, now: new Date("2026-03-01T09:00:00Z") })).toEqual({ months: [], days: [{ from: "2026-02-01", to: "2026-02-28" }] });
  });
});
