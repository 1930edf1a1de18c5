/** One entry of the system activity log, as the API returns it. */
export interface ActivityRecord {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  subject_type: string | null;
  subject_id: number | null;
  /** The fields changed ({ field: { from, to } }) or the facts of the event; secrets masked. */
  changes: unknown;
  ip: string | null;
  created_at: string;
}
