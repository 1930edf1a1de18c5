import { z } from "zod";
import { isoTimestamp } from "./replies";

/** One entry of the system activity log, as the API returns it. */
export const activityRecord = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  /** The fields changed ({ field: { from, to } }) or the facts of the event; secrets masked. */
  changes: z.unknown(),
  ip: z.string().nullable(),
  created_at: isoTimestamp,
});

export type ActivityRecord = z.infer<typeof activityRecord>;
