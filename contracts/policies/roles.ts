import { definePolicy, holdsAll, type Condition } from "./core";

/** A role as the policy sees it: the permissions it carries. */
export interface RoleSubject {
  permissions: readonly string[];
}

/** Nobody grants what they do not hold. */
const grantsHeld: Condition<RoleSubject> = (actor, role) => holdsAll(actor, role.permissions, "roles.grantBeyondOwn");

/** Nobody changes or removes what they do not hold. */
const carriesHeld: Condition<RoleSubject> = (actor, role) => holdsAll(actor, role.permissions, "roles.beyondOwn");

export const rolesPolicy = definePolicy<RoleSubject>()({
  rules: {
    list: { permission: "roles_view" },
    view: { permission: "roles_view" },
    /** Pickers: whoever lists roles or assigns them to people. */
    options: { permission: ["roles_view", "users_manage"] },
    /** The record is the role as it will be (created, or after an update). */
    create: { permission: "roles_manage", when: [grantsHeld] },
    /** The record is the role as it is. */
    update: { permission: "roles_manage", when: [carriesHeld] },
    delete: { permission: "roles_manage", when: [carriesHeld] },
  },
});
