import { Progress, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { JobRecord } from "../../../contracts/jobs";
import { useJob } from "./useJob";

type ProgressStatus = "normal" | "active" | "success" | "exception";

const BAR_STATUS: Record<JobRecord["status"], ProgressStatus> = { queued: "normal", running: "active", completed: "success", failed: "exception" };

/** 0–100; a job that has not said how much there is shows 0 until it is done. */
function jobPercent(job: JobRecord): number {
  if (job.status === "completed") return 100;
  const { done, total } = job.progress;
  return total ? Math.min(100, Math.floor((done * 100) / total)) : 0;
}

/** What the job is doing, in words: a queued job with an error on record is waiting to retry. */
function statusText(job: JobRecord, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (job.status === "queued" && job.last_error) return t("jobs.status.retrying", { attempt: job.attempts, max: job.max_attempts });
  return t(`jobs.status.${job.status}`);
}

/**
 * A job's progress bar, status and last error, following it until it ends.
 * The status line is a polite live region: a screen reader hears the job
 * start, retry, finish or fail, not every step of the bar.
 */
export function JobProgress({ jobId, intervalMs }: { jobId: number; intervalMs?: number }) {
  const { t } = useTranslation();
  const { job, failedToLoad } = useJob(jobId, intervalMs);
  const showError = job?.last_error && job.status !== "completed";
  // Steps beside the bar while it runs; outside the live region, which would otherwise speak each one.
  const steps = job?.status === "running" && job.progress.total ? t("jobs.steps", { done: job.progress.done, total: job.progress.total }) : undefined;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Progress
        percent={job ? jobPercent(job) : 0}
        status={job ? BAR_STATUS[job.status] : "normal"}
        format={steps ? () => steps : undefined}
        aria-label={t("jobs.progress")}
      />
      <div role="status" aria-live="polite">
        {failedToLoad ? (
          <Typography.Text type="danger">{t("jobs.loadFailed")}</Typography.Text>
        ) : (
          job && (
            <Space direction="vertical" size={0}>
              <Typography.Text>{statusText(job, t)}</Typography.Text>
              {showError && <Typography.Text type="danger">{t("jobs.lastError", { message: job.last_error })}</Typography.Text>}
            </Space>
          )
        )}
      </div>
    </Space>
  );
}
