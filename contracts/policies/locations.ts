import { crudUnder, definePolicy } from "./core";

/** Work locations are set up by whoever runs attendance (the spec's /attendance/locations). */
export const locationsPolicy = definePolicy<unknown>()({
  rules: {
    ...crudUnder("attendance_admin_access"),
  },
});
