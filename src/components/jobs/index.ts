export { JobProgress } from "./JobProgress";
export { JOB_POLL_MS, useJob, type JobState } from "./useJob";
