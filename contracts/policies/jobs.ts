import { JOB_FOLLOWERS } from "../jobs";
import { ACCESS_LEVEL } from "../permissions";
import { FORBIDDEN, definePolicy, holds, isSuperAdmin, type Condition } from "./core";

/** A job as the policy sees it: what kind it is and whose. */
export interface JobSubject {
  kind: string;
  owner_id: number | null;
}

/** Its owner, level 0, or staff holding a permission its kind names (a role's permissions lie dormant at level 1). */
const followsJob: Condition<JobSubject> = (actor, job) => {
  if (job.owner_id === actor.id || isSuperAdmin(actor)) return true;
  const follower = actor.access_level === ACCESS_LEVEL.STAFF && (JOB_FOLLOWERS[job.kind] ?? []).some((permission) => holds(actor, permission));
  return follower ? true : FORBIDDEN;
};

/**
 * Anyone signed in may ask for a job (everyone owns some); the job itself
 * decides, once loaded, whether they may follow it.
 */
export const jobsPolicy = definePolicy<JobSubject>()({
  rules: {
    view: { everyone: true, when: [followsJob] },
  },
});
