import { crudUnder, definePolicy } from "./core";

/** Leave types are set up by whoever manages leave (HR); requests and approvals come with their own rules. */
export const leaveTypesPolicy = definePolicy<unknown>()({
  rules: {
    ...crudUnder("leave_manage"),
  },
});
