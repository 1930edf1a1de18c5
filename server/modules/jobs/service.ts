import { eq } from "drizzle-orm";
import type { JobRecord } from "../../../contracts/jobs";
import type { Actor } from "../../../contracts/policies";
import { jobs } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { notFound } from "../../lib/errors";
import type { Translate } from "../../lib/i18n";
import { authorize } from "../../lib/policy";

/** One job as its followers see it; the error is worded in the reader's language. */
export async function readJob(ctx: AppContext, actor: Actor, id: number, t: Translate): Promise<JobRecord> {
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
  if (!job) throw notFound();
  authorize(actor, "jobs.view", job);
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: { done: job.progress_done, total: job.progress_total },
    attempts: job.attempts,
    max_attempts: job.max_attempts,
    last_error: job.last_error ? t(job.last_error.key, job.last_error.params) : null,
    result: job.result,
    owner_id: job.owner_id,
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
    finished_at: job.finished_at?.toISOString() ?? null,
  };
}
