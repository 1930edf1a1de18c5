import { ACCESS_LEVEL } from "../permissions";
import { definePolicy, holdsAll, isSuperAdmin, type Condition, type Decision } from "./core";

/** Fields only people allowed to see pay may read, and only pay readers may write. */
export const PAY_FIELDS = ["pay_basis", "base_rate", "currency", "bank_name", "bank_account", "tax_id", "social_insurance_id", "pay_effective_from"] as const;

/** Fields that hand an account to whoever sets them (the e-mail through a reset link). */
export const CREDENTIAL_FIELDS = ["password", "email"] as const;

/** Fields that decide what a person may do. */
export const POWER_FIELDS = ["access_level", "role_id"] as const;

/** Where a person clocks in: set by whoever runs attendance. */
export const CLOCKING_FIELDS = ["clock_policy", "work_location_ids"] as const;

/** A person as the policy sees them: their level and their role's permissions. */
export interface UserSubject {
  id: number;
  access_level: number;
  role_permissions: readonly string[];
}

/** The admin powers a person can use: all at level 0, their role's at level 2, none at level 1. */
export function powersOf(person: Pick<UserSubject, "access_level" | "role_permissions">): readonly string[] | "all" {
  if (isSuperAdmin(person)) return "all";
  return person.access_level === ACCESS_LEVEL.STAFF ? person.role_permissions : [];
}

/**
 * Nobody acts on a person holding anything they do not hold themselves:
 * only level 0 on level 0, and only over the powers the actor has too.
 */
const withinActorPowers =
  (reason: string, powers: (person: UserSubject) => readonly string[] | "all"): Condition<UserSubject> =>
  (actor, person): Decision => {
    const held = powers(person);
    if (held === "all") return isSuperAdmin(actor) ? true : { reason: "users.superAdminOnly" };
    return holdsAll(actor, held, reason);
  };

/** Acting on someone (editing, deactivating, archiving): their usable powers. */
const actOn = withinActorPowers("users.beyondOwn", powersOf);

/**
 * Giving someone a level and a role: the role's permissions count even at
 * level 1, where they lie dormant until a promotion nobody re-checks.
 */
const assign = withinActorPowers("users.roleBeyondOwn", (person) => (isSuperAdmin(person) ? "all" : person.role_permissions));

/** Taking over an account below level 0 needs its powers and the pay permission (everyone sees their own pay). */
const takeOver: Condition<UserSubject> = (actor, person) => {
  const powers = powersOf(person);
  if (powers === "all") return isSuperAdmin(actor) ? true : { reason: "users.superAdminOnly" };
  return holdsAll(actor, [...powers, "users_pay_view"], "users.credentialsBeyondOwn");
};

export const usersPolicy = definePolicy<UserSubject>()({
  ownerOf: (person) => person.id,
  rules: {
    list: { permission: "users_view" },
    /**
     * Naming people in a picker (id, name, number, department; no contact or
     * pay): for everyone whose work means choosing a person, not only those
     * who may read the employee list.
     */
    lookup: { permission: ["users_view", "users_manage", "attendance_reports_access", "attendance_admin_access", "notifications_manage", "payroll_view", "payroll_manage", "payroll_release", "leave_manage", "leave_approve"] },
    view: { permission: "users_view", own: true },
    /** The record is the person being created. */
    create: { permission: "users_manage", when: [assign] },
    /** The record is the person before the change. */
    update: { permission: "users_manage", when: [actOn] },
    /** The same changes for many people (each person then checked as users.update, a role as users.assign). */
    bulkUpdate: { permission: "users_manage" },
    /** People from a spreadsheet (each row then checked as users.create, its fields as the field groups say). */
    import: { permission: "users_manage" },
    /** A new level or role; the record is the person after the change. */
    assign: { permission: "users_manage", when: [assign] },
    /** Someone else's password or e-mail; the record is the person after the change. */
    setCredentials: { permission: "users_manage", when: [takeOver] },
    /** A new person's invitation to choose their password, sent again: whoever holds the mailbox takes the account. */
    invite: { permission: "users_manage", when: [takeOver] },
    /** Deleted when they have nothing but their own record, archived otherwise. */
    delete: { permission: "users_manage", when: [actOn] },
    /** Every signed-in device of the person signed out (a lost phone, a shared computer). */
    endSessions: { permission: "users_manage", when: [actOn] },
    /** The person's two-factor sign-in removed (a lost phone and no recovery code): they enrol again. */
    resetTwoFactor: { permission: "users_manage", when: [actOn] },
    /**
     * Whether a person has two-factor sign-in on, and since when (the record's
     * two_factor, the list's filter): for whoever manages people, who answer
     * "who has not set it up yet" when the settings require it.
     */
    viewTwoFactor: { permission: "users_manage" },
    /** An archived person brought back. */
    restore: { permission: "users_manage", when: [actOn] },
    viewPay: { permission: "users_pay_view", own: true },
    writePay: { permission: "users_pay_view", refusal: "users.payForbidden" },
    setClocking: { permission: "attendance_admin_access", refusal: "users.clockingForbidden" },
  },
  fields: [
    { fields: PAY_FIELDS, read: "viewPay", write: "writePay" },
    { fields: CREDENTIAL_FIELDS, write: "setCredentials" },
    { fields: POWER_FIELDS, write: "assign" },
    { fields: CLOCKING_FIELDS, write: "setClocking" },
    // How the person signs in: a second factor, and whether they have chosen a password yet.
    { fields: ["two_factor", "password_set"], read: "viewTwoFactor" },
  ],
});
