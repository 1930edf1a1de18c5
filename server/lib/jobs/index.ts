/**
 * Durable background jobs: a jobs table every server process shares, claimed
 * with FOR UPDATE SKIP LOCKED and held by a renewed lease. Payroll runs,
 * documents, imports, exports and mail delivery are jobs; GET /api/jobs/{id}
 * lets the app follow one. The handler contract is on RunningJob (kind.ts).
 */
export { JobError, type JobInput, type JobKind, type JobResult, type RunningJob } from "./kind";
export { loadJobKinds } from "./modules";
export { createJobs, type EnqueueOptions, type Jobs } from "./runner";
