import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client";
import { apiToken, startServer } from "../support/e2e";
const dir = "/tmp/bench-year";
if (process.argv[2] === "today") {
  const database = await openDatabase({ dataDir: dir });
  const { db } = database;
  await db.execute(sql`insert into attendance_records (user_id, work_date, clock_in_at, source)
      select id, (now() at time zone 'UTC')::date, now() - make_interval(mins => 30 + id % 240), 'manual' from users order by id limit 2000`);
  await db.execute(sql`insert into attendance_breaks (record_id, started_at) select id, now() - interval '10 minutes' from attendance_records where clock_out_at is null order by id limit 300`);
  await db.execute(sql`ANALYZE`);
  await database.close();
}
const server = await startServer({ dataDir: dir });
try {
  const admin = await apiToken(server, "admin@example.com", "Admin123!");
  const employee = await apiToken(server, "employee@example.com", "Employee123!");
  for (const [path, token] of [["admin-stats", admin], ["admin-dashboard", admin], ["storage-info", admin], ["clocked-in", admin], ["attendance-exceptions", admin], ["awaiting-approval", admin], ["new-hires", admin], ["quick-stats", employee]] as const) {
    const ms: number[] = [];
    let status = 0;
    for (let i = 0; i < 4; i++) { const t = performance.now(); const r = await fetch(`${server.url}/api/dashboard/${path}`, { headers: { authorization: `Bearer ${token}` } }); status = r.status; await r.text(); ms.push(Math.round(performance.now() - t)); }
    console.log(path, status, ms.join(" / "));
  }
} finally { await server.stop(); }
