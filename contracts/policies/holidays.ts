import { crudUnder, definePolicy } from "./core";

/** Company holidays: days off for everyone, set up by whoever runs attendance. */
export const holidaysPolicy = definePolicy<unknown>()({
  rules: {
    ...crudUnder("attendance_admin_access"),
  },
});
