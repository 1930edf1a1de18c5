import { definePolicy } from "./core";

/**
 * The company profile: everyone reads it (its name, logo and time zone drive
 * the app); changing it, the logo included, takes company_profile_manage.
 */
export const companyPolicy = definePolicy<never>()({
  rules: {
    view: { everyone: true },
    update: { permission: "company_profile_manage" },
  },
});
