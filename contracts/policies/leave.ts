import { crudUnder, definePolicy, type Condition } from "./core";

/** Leave types are set up by whoever manages leave (HR). */
export const leaveTypesPolicy = definePolicy<unknown>()({
  rules: {
    ...crudUnder("leave_manage"),
  },
});

/** A request, or a balance, as the policy sees it: whose it is and who heads their team. */
export interface LeaveSubject {
  user_id: number;
  manager_id: number | null;
}

/** Nobody approves their own leave, whatever their level or role. */
const notOwn: Condition<LeaveSubject> = (actor, record) => (record.user_id === actor.id ? { reason: "leave.requests.ownDecision" } : true);

/**
 * Everyone asks for their own leave; their manager (`manager_id`) or anyone
 * with leave_approve decides it; HR (leave_manage) reads everyone's, enters
 * a request for someone and cancels it.
 */
export const leaveRequestsPolicy = definePolicy<LeaveSubject>()({
  ownerOf: (record) => record.user_id,
  managerOf: (record) => record.manager_id,
  rules: {
    /** The list answers each reader what they may see: their own, their team's, or everyone's. */
    list: { everyone: true },
    view: { permission: ["leave_approve", "leave_manage"], own: true, managed: true },
    /** One's own request. */
    create: { everyone: true },
    /** A request entered for someone else (a sick day phoned in). */
    createFor: { permission: "leave_manage" },
    /** Approve or reject (a request, or a request to cancel one that has begun). */
    decide: { permission: "leave_approve", managed: true, when: [notOwn] },
    cancel: { permission: "leave_manage", own: true },
    /** The document a type asks for, attached by the person or by HR. */
    attach: { permission: "leave_manage", own: true },
  },
});

/** Balances: one's own, one's team's, and everyone's for HR and approvers; only HR adjusts them. */
export const leaveBalancesPolicy = definePolicy<LeaveSubject>()({
  ownerOf: (record) => record.user_id,
  managerOf: (record) => record.manager_id,
  rules: {
    view: { permission: ["leave_approve", "leave_manage"], own: true, managed: true },
    adjust: { permission: "leave_manage" },
  },
});
