import { definePolicy } from "./core";

/** Work locations are set up by whoever runs attendance (the spec's /attendance/locations). */
export const locationsPolicy = definePolicy<unknown>()({
  rules: {
    list: { permission: "attendance_admin_access" },
    view: { permission: "attendance_admin_access" },
    create: { permission: "attendance_admin_access" },
    update: { permission: "attendance_admin_access" },
    delete: { permission: "attendance_admin_access" },
  },
});
