import { definePolicy } from "./core";

/** Company holidays: days off for everyone, set up by whoever runs attendance. */
export const holidaysPolicy = definePolicy<unknown>()({
  rules: {
    list: { permission: "attendance_admin_access" },
    view: { permission: "attendance_admin_access" },
    create: { permission: "attendance_admin_access" },
    update: { permission: "attendance_admin_access" },
    delete: { permission: "attendance_admin_access" },
  },
});
