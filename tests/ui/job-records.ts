import type { JobRecord } from "../../contracts/jobs";

/** A job as GET /jobs/{id} answers it: queued, not yet tried; `overrides` make it the kind and state a test follows. */
export function jobRecord(overrides: Partial<JobRecord> = {}): JobRecord {
  return {
    id: 5,
    kind: "payroll.calculate",
    status: "queued",
    progress: { done: 0, total: null },
    attempts: 0,
    max_attempts: 5,
    last_error: null,
    result: null,
    owner_id: 1,
    created_at: "2026-03-02T09:00:00.000Z",
    updated_at: "2026-03-02T09:00:00.000Z",
    finished_at: null,
    ...overrides,
  };
}
