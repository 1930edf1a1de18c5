import { z } from "zod";
import { isoTimestamp } from "./replies";

/** The kinds of record a recorded change may point at by id; the log's reply names each one it mentions. */
export const ACTIVITY_REFERENCE_KINDS = ["user", "role", "location", "schedule", "leave_type", "pay_component", "payroll", "rate_table", "holiday", "backup", "file"] as const;
export type ActivityReferenceKind = (typeof ACTIVITY_REFERENCE_KINDS)[number];

/**
 * Keys of recorded changes that hold ids (one, or a list), by what they point
 * at. A key inside an object is written with its parent's ("schedule.to": the
 * bulk edit's new schedule); the parent's own entry wins over the bare key.
 */
const REFERENCES: Readonly<Record<string, ActivityReferenceKind>> = {
  user_id: "user",
  user_ids: "user",
  manager_id: "user",
  created_by: "user",
  updated_by: "user",
  role_id: "role",
  location_id: "location",
  work_location_ids: "location",
  "schedule.to": "schedule",
  "schedule.from": "schedule",
  schedule_id: "schedule",
  leave_type_id: "leave_type",
  component_id: "pay_component",
  payroll_id: "payroll",
  corrects_id: "payroll",
  backup_id: "backup",
  logo: "file",
  profile_picture: "file",
};

/** What a key of a recorded change points at, if anything: `parent` is the key of the object it sits in. */
export function referenceKindOf(key: string, parent?: string): ActivityReferenceKind | undefined {
  return (parent !== undefined ? REFERENCES[`${parent}.${key}`] : undefined) ?? REFERENCES[key];
}

/** Keys whose whole numbers are money in minor units (a payslip's net, a person's rate); a decimal string stays as written. */
export const ACTIVITY_MONEY_KEYS: ReadonlySet<string> = new Set(["base_rate", "rate", "net", "gross", "deductions", "employer_cost", "amount"]);

/** Keys that are the log's own plumbing (a row's id, the job or outbox entry behind it): recorded, never shown. */
export const ACTIVITY_HIDDEN_KEYS: ReadonlySet<string> = new Set(["id", "job_id", "outbox_id", "session", "user_name", "component_code"]);

/** The key a reference's name has in a record's `names`: "role:5". */
export const referenceKey = (kind: ActivityReferenceKind, id: number) => `${kind}:${id}`;

/** Every reference a change record makes, by walking it as it is shown. */
export function referencesIn(changes: unknown, visit: (kind: ActivityReferenceKind, id: number) => void): void {
  const walk = (value: unknown, key: string | undefined, parent: string | undefined): void => {
    const kind = key === undefined ? undefined : referenceKindOf(key, parent);
    if (kind && typeof value === "number" && Number.isInteger(value)) return visit(kind, value);
    if (Array.isArray(value)) return value.forEach((item) => walk(item, key, parent));
    if (typeof value !== "object" || value === null) return;
    // A change's before and after belong to the key that changed.
    if ("from" in value && "to" in value && Object.keys(value).length === 2) {
      walk((value as { from: unknown }).from, key, parent);
      walk((value as { to: unknown }).to, key, parent);
      return;
    }
    for (const [inner, item] of Object.entries(value)) walk(item, inner, key);
  };
  walk(changes, undefined, undefined);
}

/** One entry of the system activity log, as the API returns it. */
export const activityRecord = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  /** What the subject is called today ("Alex Admin", a role's name; a payslip's or a leave request's person); null when it is gone. */
  subject_name: z.string().nullable(),
  /** The fields changed ({ field: { from, to } }) or the facts of the event; secrets masked. */
  changes: z.unknown(),
  /** The name of every record the changes point at, by referenceKey ("role:5" → "HR Officer"). */
  names: z.record(z.string(), z.string()),
  /** What the amounts in the changes are in: the change's own currency, else its person's or run's, else the company's. */
  currency: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: isoTimestamp,
});

export type ActivityRecord = z.infer<typeof activityRecord>;
