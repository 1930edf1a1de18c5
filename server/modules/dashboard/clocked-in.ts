import { sql } from "drizzle-orm";
import type { ClockedInReply } from "../../../contracts/dashboard";
import { attendanceBreaks, attendanceRecords, users, workLocations } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { int, rowsOf } from "../../lib/sql-rows";

const CLOCKED_IN_LIMIT = 50;

/** Who is clocked in now, longest first, with their open break and where they clocked in. */
export async function clockedIn(ctx: AppContext): Promise<ClockedInReply> {
  const rows = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`
      select u.id as user_id, u.name, u.employee_number, u.department, r.clock_in_at as since, b.started_at as on_break_since, r.remote, l.name as location,
        count(*) over () as total
      from ${attendanceRecords} r join ${users} u on u.id = r.user_id
      left join ${attendanceBreaks} b on b.record_id = r.id and b.ended_at is null
      left join ${workLocations} l on l.id = r.in_location_id
      where r.clock_out_at is null
      order by r.clock_in_at, u.name limit ${CLOCKED_IN_LIMIT}`),
  );
  const iso = (value: unknown) => new Date(value as string | Date).toISOString();
  return {
    total: int((rows[0]?.total as number | undefined) ?? 0),
    items: rows.map((row) => ({
      user_id: Number(row.user_id),
      name: String(row.name),
      employee_number: (row.employee_number as string | null) ?? null,
      department: (row.department as string | null) ?? null,
      since: iso(row.since),
      on_break_since: row.on_break_since ? iso(row.on_break_since) : null,
      remote: Boolean(row.remote),
      location: (row.location as string | null) ?? null,
    })),
  };
}
