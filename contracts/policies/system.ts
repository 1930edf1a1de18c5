import { definePolicy } from "./core";

/** The system check (/settings-test): the installation's health; backups (the whole company's data): level 0 only. */
export const systemPolicy = definePolicy<never>()({
  rules: {
    check: { superAdminOnly: true },
    backups: { superAdminOnly: true },
  },
});
