/**
 * The background job queue (mail, payroll runs, documents): what waits, what
 * runs, what failed, and whether anything takes the waiting jobs. A due job
 * is claimed within a poll (seconds); one left waiting for minutes means no
 * worker is taking jobs, or they are all busy.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fact, rowsOf, verdict, when, type Outcome } from "./outcome";

const SLOW_WAIT_MS = 60_000;
const STALE_WAIT_MS = 5 * 60_000;
/** One failure can be one bad input (an address that bounces); this many in a day are a pattern. */
const MANY_FAILED = 5;

interface QueueState {
  due: number;
  scheduled: number;
  running: number;
  interrupted: number;
  failed_last_day: number;
  oldest_wait_ms: number;
}

export async function checkJobs(db: Db, workerStarted: boolean): Promise<Outcome> {
  const [state] = await rowsOf<QueueState>(
    db,
    sql`select
      count(*) filter (where status = 'queued' and run_after <= now())::int as due,
      count(*) filter (where status = 'queued' and run_after > now())::int as scheduled,
      count(*) filter (where status = 'running' and locked_until >= now())::int as running,
      count(*) filter (where status = 'running' and locked_until < now())::int as interrupted,
      count(*) filter (where status = 'failed' and finished_at > now() - interval '1 day')::int as failed_last_day,
      coalesce(extract(epoch from now() - min(run_after) filter (where status = 'queued' and run_after <= now())) * 1000, 0)::float8 as oldest_wait_ms
    from jobs`,
  );
  const oldestWait = Number(state.oldest_wait_ms);
  return verdict(
    [
      fact.yesNo("workerStarted", workerStarted),
      fact.count("due", state.due),
      fact.count("scheduled", state.scheduled),
      fact.count("running", state.running),
      fact.count("interrupted", state.interrupted),
      fact.count("failedLastDay", state.failed_last_day),
      fact.duration("oldestWait", oldestWait),
    ],
    [
      when(oldestWait > STALE_WAIT_MS, "fail", "jobsStale"),
      when(!workerStarted, "warn", "workerStopped"),
      when(oldestWait > SLOW_WAIT_MS, "warn", "jobsSlow"),
      when(state.interrupted > 0, "warn", "jobsInterrupted"),
      when(state.failed_last_day >= MANY_FAILED, "warn", "jobsFailed"),
    ],
  );
}
