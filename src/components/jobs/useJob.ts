import { useCustom } from "@refinedev/core";
import { isFinalJobStatus, type JobRecord } from "../../../contracts/jobs";

/** How often a job still under way is asked about. */
export const JOB_POLL_MS = 1000;

export interface JobState {
  /** Undefined until the first answer (and while there is no id). */
  job: JobRecord | undefined;
  /** The job could not be read (gone, not the reader's, or the network): following it stopped. */
  failedToLoad: boolean;
}

/**
 * Follows a background job: asks GET /api/jobs/{id} every `intervalMs`
 * until it is completed or failed, and stops when the component goes away.
 * Components following the same job share one request.
 */
export function useJob(id: number | null | undefined, intervalMs = JOB_POLL_MS): JobState {
  const { result, query } = useCustom<{ data: JobRecord }>({
    url: `/jobs/${id}`,
    method: "get",
    // A refused or failed poll is shown where the job is, not as a toast every second.
    errorNotification: false,
    queryOptions: {
      // A refusal (gone, not the reader's) is final: the app's query defaults.
      enabled: id != null,
      refetchInterval: (current) => {
        const job = current.state.data?.data.data;
        return current.state.status === "error" || (job && isFinalJobStatus(job.status)) ? false : intervalMs;
      },
    },
  });
  return { job: result.data?.data, failedToLoad: query.isError };
}
