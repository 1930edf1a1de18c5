/**
 * Time: the company's zone (work dates, payslip dates) must be one the
 * platform knows, and the database's clock must agree with the machine's
 * (timestamps are written by both). The server running in another zone than
 * the company's is fine, since dates are worked out in the company's zone: said, not faulted.
 */
import { sql } from "drizzle-orm";
import { isTimeZone } from "../../../../contracts/company";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { companyFacts } from "../../company/facts";
import { fact, rowsOf, verdict, when, type Outcome } from "./outcome";

/** More apart than this, and times written by the database and by the server disagree visibly (a clock-in a minute off). */
const MAX_CLOCK_OFFSET_MS = 60_000;

export async function checkTimeZone(db: Db, machineClock: Clock, serverZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone): Promise<Outcome> {
  const { time_zone: companyZone } = await companyFacts(db);
  const before = machineClock.now().getTime();
  const [row] = await rowsOf<{ at: number; zone: string }>(db, sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as at, current_setting('TimeZone') as zone`);
  const after = machineClock.now().getTime();
  // The database read its clock somewhere between the two readings of ours: compared with their middle.
  const offset = Number(row.at) - (before + after) / 2;
  return verdict(
    [fact.text("serverZone", serverZone), fact.text("companyZone", companyZone), fact.text("databaseZone", row.zone), fact.duration("clockOffset", offset)],
    [when(!isTimeZone(companyZone), "fail", "companyZoneInvalid"), when(Math.abs(offset) > MAX_CLOCK_OFFSET_MS, "fail", "clockOff")],
    serverZone !== companyZone ? "zonesDiffer" : null,
  );
}
