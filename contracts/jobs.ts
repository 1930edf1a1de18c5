import { z } from "zod";
import type { Permission } from "./permissions";

/**
 * Background jobs as both sides see them: GET /api/jobs/{id} answers with
 * a JobRecord, the app follows it until its status is final.
 */
export const JOB_STATUSES = ["queued", "running", "completed", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job in one of these states changes no more: the app stops following it. */
export const isFinalJobStatus = (status: JobStatus): boolean => status === "completed" || status === "failed";

export const jobRecordSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Steps done out of total; total is null until the job knows it. */
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
  /** Attempts started so far, the current one included. */
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** Why the last attempt failed, in the reader's language; a queued job with an error is waiting to retry. */
  last_error: z.string().nullable(),
  /** What the job produced (its kind decides the shape); null until completed. */
  result: z.record(z.string(), z.unknown()).nullable(),
  owner_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobRecord = z.infer<typeof jobRecordSchema>;

/**
 * Who besides its owner may follow a job, by kind: staff holding any of the
 * listed permissions (level 0 follows every job). A kind that is not listed
 * is followed by its owner and level 0 only. A module that adds a kind says
 * here who else watches it, e.g. `"payroll.calculate": ["payroll_view"]`.
 */
export const JOB_FOLLOWERS: Readonly<Record<string, readonly Permission[]>> = {
  /** Mail has no owner: only level 0, who reads the outbox, follows it. */
  "mail.deliver": [],
  /** A run's calculation: whoever reads payroll watches its progress bar. */
  "payroll.calculate": ["payroll_view", "payroll_manage", "payroll_release"],
};
