import { definePolicy } from "./core";

/**
 * The workspace's settings. Payroll settings are read by whoever runs payroll
 * too (they compute with them); the mail outbox holds live reset links, so
 * only level 0 reads it.
 */
export const settingsPolicy = definePolicy<never>()({
  rules: {
    view: { permission: "settings_manage" },
    update: { permission: "settings_manage" },
    viewPayroll: { permission: ["settings_manage", "payroll_view", "payroll_manage"] },
    viewOutbox: { superAdminOnly: true },
  },
});
