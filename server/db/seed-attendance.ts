/**
 * The demo company's attendance: its office, its office hours, the public
 * holidays and clocking from the first day of last month up to yesterday, so
 * that the history, the week and the reports have something to show on a
 * first start, and the first run the payroll screen proposes (last month)
 * pays a whole month of days (four weeks back left it empty late in a month).
 *
 * Every variation (who is late, who takes lunch, who stays on) comes from a
 * hash of the person's employee number and the date: the same start on the
 * same day seeds the same month. The rows are worked out here and written a
 * table at a time (unnest), never a query a person or a day.
 */
import { eq, sql } from "drizzle-orm";
import { distanceMetres, type Point } from "../lib/geo";
import { refreshDays } from "../modules/attendance/day-store";
import { array } from "../lib/any-of";
import { dateInZone, nextDate, weekday, zonedInstant } from "../lib/time-zone";
import type { Db } from "./client";
import { demoHolidays } from "./seed-holidays";
import { attendanceBreaks, attendanceRecords, holidays, scheduleAssignments, userWorkLocations, users, workLocations, workSchedules } from "./schema";

/** Ayala Tower One, where the demo profile's address is; the clocking journey stands near and far from it. */
export const DEMO_OFFICE = {
  name: "Makati head office",
  address: "Ayala Tower One, Ayala Avenue corner Paseo de Roxas, Makati City",
  latitude: 14.5566,
  longitude: 121.0244,
  radius_m: 150,
} as const;

const OFFICE_HOURS = {
  name: "Office hours",
  working_days: [1, 2, 3, 4, 5],
  start_time: "09:00",
  end_time: "18:00",
  unpaid_break_minutes: 60,
  grace_minutes: 10,
  overtime_after_minutes: 480,
};

/** The first day of the month before `date`'s: where the demo's clocking starts. */
const firstOfLastMonth = (date: string) => `${nextDate(`${date.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;

/** Clocks in from home, flagged remote: the one `anywhere` person. */
const REMOTE_EMAIL = "arjun.mehta@example.com";
/** Home in Mandaluyong, about 3 km from the office. */
const HOME: Point = { latitude: 14.5794, longitude: 121.0359 };
/** Went home before lunch one day of the period: the demo's half day. */
const HALF_DAY_EMAIL = "rafael.cruz@example.com";

const MINUTE = 60_000;
const METRES_PER_DEGREE = 111_320;

/** A number in [0, 1) fixed by the words given (FNV-1a): the seed's only source of variety. */
function unit(...words: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of words.join("|")) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash >>> 0) / 2 ** 32;
}

/** A whole number from `low` to `high`, both included. */
const between = (low: number, high: number, ...words: (string | number)[]) => low + Math.floor(unit(...words) * (high - low + 1));

interface Evidence {
  latitude: number;
  longitude: number;
  accuracy_m: number;
  location_id: number | null;
  distance_m: number;
}

/** A phone's fix up to `spread` metres from `centre`, with the office matched when the fix is inside its fence. */
function fix(centre: Point, spread: number, office: Point & { id: number }, ...words: (string | number)[]): Evidence {
  const metres = unit(...words, "metres") * spread;
  const bearing = unit(...words, "bearing") * 2 * Math.PI;
  // Six decimals, about 10 cm: what a phone reports.
  const latitude = Number((centre.latitude + (metres * Math.cos(bearing)) / METRES_PER_DEGREE).toFixed(6));
  const longitude = Number((centre.longitude + (metres * Math.sin(bearing)) / (METRES_PER_DEGREE * Math.cos((centre.latitude * Math.PI) / 180))).toFixed(6));
  const distance = distanceMetres({ latitude, longitude }, office);
  return {
    latitude,
    longitude,
    accuracy_m: between(50, 350, ...words, "accuracy") / 10,
    location_id: distance <= DEMO_OFFICE.radius_m ? office.id : null,
    distance_m: Math.round(distance),
  };
}

interface Person {
  id: number;
  email: string;
  employee_number: string;
  hire_date: string | null;
}

interface Day {
  user_id: number;
  work_date: string;
  clock_in_at: Date;
  clock_out_at: Date;
  remote: boolean;
  in: Evidence;
  out: Evidence;
  lunch: { started_at: Date; ended_at: Date } | null;
}

/**
 * One person's working day, or none when they were absent. Most arrive
 * between 08:35 and 09:09 and leave once their nine hours are up; a few
 * people are late often, everyone now and then; some stay on for overtime.
 */
function dayOf(person: Person, date: string, halfDay: boolean, office: Point & { id: number }, timeZone: string): Day | null {
  const key = [person.employee_number, date];
  if (!halfDay && unit(...key, "absent") < 0.03) return null;
  const start = zonedInstant(date, OFFICE_HOURS.start_time, timeZone).getTime();
  const seconds = (words: string) => between(0, 59, ...key, words) * 1000;
  const lateness = unit(person.employee_number, "habit") < 0.2 ? 0.3 : 0.06;
  const late = !halfDay && unit(...key, "late") < lateness;
  // Past the grace period a minute counts from the start: 09:11 is eleven minutes late.
  const arrival = start + (late ? between(OFFICE_HOURS.grace_minutes + 1, 45, ...key, "arrival") : between(-25, 9, ...key, "arrival")) * MINUTE + seconds("in");
  const nineHours = (OFFICE_HOURS.overtime_after_minutes + OFFICE_HOURS.unpaid_break_minutes) * MINUTE;
  let departure: number;
  if (halfDay) departure = start + between(200, 220, ...key, "departure") * MINUTE;
  else if (late) departure = start + nineHours + between(0, 10, ...key, "departure") * MINUTE + seconds("out");
  else if (unit(...key, "overtime") < 0.08) departure = arrival + nineHours + between(30, 110, ...key, "departure") * MINUTE;
  else departure = arrival + nineHours + seconds("out");
  const lunchStart = start + between(180, 215, ...key, "lunch") * MINUTE + seconds("lunch");
  const lunch = !halfDay && unit(...key, "takes lunch") < 0.4 ? { started_at: new Date(lunchStart), ended_at: new Date(lunchStart + between(40, 65, ...key, "lunch length") * MINUTE) } : null;
  const remote = person.email === REMOTE_EMAIL;
  const from = remote && unit(...key, "at home") < 0.7 ? HOME : office;
  return {
    user_id: person.id,
    work_date: date,
    clock_in_at: new Date(arrival),
    clock_out_at: new Date(departure),
    remote,
    in: fix(from, 70, office, ...key, "in"),
    out: fix(from, 70, office, ...key, "out"),
    lunch,
  };
}

/** The records in one statement, then their lunches in another: a break names its record's id, known once the records are in. */
async function insertDays(db: Db, days: readonly Day[]): Promise<void> {
  const column = <T>(pick: (day: Day) => T) => array(days.map(pick));
  const ids = (await db.execute(sql`
    insert into ${attendanceRecords} (user_id, work_date, clock_in_at, clock_out_at, remote, source,
      in_latitude, in_longitude, in_accuracy_m, in_location_id, in_distance_m,
      out_latitude, out_longitude, out_accuracy_m, out_location_id, out_distance_m,
      created_by, updated_by, created_at, updated_at)
    select user_id, work_date, clock_in_at, clock_out_at, remote, 'clock', in_latitude, in_longitude, in_accuracy_m, in_location_id, in_distance_m,
      out_latitude, out_longitude, out_accuracy_m, out_location_id, out_distance_m, user_id, user_id, clock_in_at, clock_out_at
    from unnest(${column((day) => day.user_id)}::int[], ${column((day) => day.work_date)}::date[],
      ${column((day) => day.clock_in_at.toISOString())}::timestamptz[], ${column((day) => day.clock_out_at.toISOString())}::timestamptz[], ${column((day) => day.remote)}::bool[],
      ${column((day) => day.in.latitude)}::float8[], ${column((day) => day.in.longitude)}::float8[], ${column((day) => day.in.accuracy_m)}::float8[],
      ${column((day) => day.in.location_id)}::int[], ${column((day) => day.in.distance_m)}::int[],
      ${column((day) => day.out.latitude)}::float8[], ${column((day) => day.out.longitude)}::float8[], ${column((day) => day.out.accuracy_m)}::float8[],
      ${column((day) => day.out.location_id)}::int[], ${column((day) => day.out.distance_m)}::int[])
      as day(user_id, work_date, clock_in_at, clock_out_at, remote, in_latitude, in_longitude, in_accuracy_m, in_location_id, in_distance_m,
        out_latitude, out_longitude, out_accuracy_m, out_location_id, out_distance_m)
    returning id, user_id, work_date::text
  `)) as unknown as { rows: { id: number; user_id: number; work_date: string }[] };
  const recordOf = new Map(ids.rows.map((row) => [`${row.user_id}|${row.work_date}`, row.id]));
  const lunches = days.flatMap((day) => (day.lunch ? [{ record_id: recordOf.get(`${day.user_id}|${day.work_date}`)!, ...day.lunch }] : []));
  await db.execute(sql`
    insert into ${attendanceBreaks} (record_id, started_at, ended_at)
    select * from unnest(${array(lunches.map((lunch) => lunch.record_id))}::int[],
      ${array(lunches.map((lunch) => lunch.started_at.toISOString()))}::timestamptz[], ${array(lunches.map((lunch) => lunch.ended_at.toISOString()))}::timestamptz[])
  `);
}

/**
 * Adds the attendance to a seeded demo company and stores its derived days.
 * People at work follow the office hours and clock at the office; the person
 * on leave and the one who left have neither.
 */
export async function seedDemoAttendance(db: Db, now: Date, timeZone: string): Promise<void> {
  const today = dateInZone(now, timeZone);
  // Up to yesterday: today is left for the person to clock.
  const from = firstOfLastMonth(today);
  const dates: string[] = [];
  for (let date = from; date < today; date = nextDate(date)) dates.push(date);
  const stamps = { created_at: now, updated_at: now };

  const [office] = await db.insert(workLocations).values({ ...DEMO_OFFICE, active: true, ...stamps }).returning({ id: workLocations.id });
  const [schedule] = await db.insert(workSchedules).values({ ...OFFICE_HOURS, ...stamps }).returning({ id: workSchedules.id });
  // The demo year's whole list (December's runs see their holidays), and any other year the clocked days reach.
  const demoDaysOff = demoHolidays(from, today);
  await db.insert(holidays).values(demoDaysOff.map((holiday) => ({ ...holiday, ...stamps })));

  await db.update(users).set({ clock_policy: "anywhere" }).where(eq(users.email, REMOTE_EMAIL));
  const atWork = sql`${users.archived_at} is null and ${users.employment_status} = 'active'`;
  await db.execute(sql`
    insert into ${scheduleAssignments} (user_id, schedule_id, effective_from, created_at, updated_at)
    select id, ${schedule.id}, ${from}::date, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz from ${users} where ${atWork}`);
  await db.execute(sql`
    insert into ${userWorkLocations} (user_id, location_id)
    select id, ${office.id} from ${users} where ${users.archived_at} is null and ${users.clock_policy} = 'onsite'`);

  const people = (await db
    .select({ id: users.id, email: users.email, employee_number: users.employee_number, hire_date: users.hire_date })
    .from(users)
    .where(atWork)) as Person[];
  const daysOff = new Set(demoDaysOff.filter((holiday) => holiday.kind !== "special_working").map((holiday) => holiday.date));
  const workingDates = dates.filter((date) => OFFICE_HOURS.working_days.includes(weekday(date)) && !daysOff.has(date));
  const halfDate = workingDates[Math.floor(workingDates.length / 3)];
  const place = { ...DEMO_OFFICE, id: office.id };
  const days = people.flatMap((person) =>
    workingDates
      .filter((date) => person.hire_date === null || person.hire_date <= date)
      .flatMap((date) => dayOf(person, date, person.email === HALF_DAY_EMAIL && date === halfDate, place, timeZone) ?? []),
  );
  await insertDays(db, days);
  await refreshDays(db, {}, now);
}
