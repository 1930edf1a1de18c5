import { definePolicy } from "./core";

/** The system activity log: the spec gives it to level 0 only. */
export const activitiesPolicy = definePolicy<never>()({
  rules: {
    list: { superAdminOnly: true },
  },
});
