import type { RunStatus } from "../payroll";
import { definePolicy, FORBIDDEN, holds, type Condition } from "./core";

/** Reading pay set-up and runs: whoever prepares, reviews or releases payroll. */
const READERS = ["payroll_view", "payroll_manage", "payroll_release"] as const;

/**
 * Pay components, rate tables and per-person overrides (the spec's
 * /deductions): read by payroll readers, set up by payroll managers.
 */
export const payComponentsPolicy = definePolicy<unknown>()({
  rules: {
    list: { permission: READERS },
    view: { permission: READERS },
    create: { permission: "payroll_manage" },
    update: { permission: "payroll_manage" },
    delete: { permission: "payroll_manage" },
    /** Trying a calculation on one person's figures reads their pay: managers only. */
    preview: { permission: "payroll_manage" },
  },
});

/** A run as the policy sees it: its state and who calculated it. */
export interface RunSubject {
  status: RunStatus;
  calculated_by: number | null;
  /** Settings want the approver to be someone other than the calculator. */
  separate_approver: boolean;
}

const inState =
  (states: readonly RunStatus[], reason: string): Condition<RunSubject> =>
  (_actor, run) =>
    states.includes(run.status) ? true : { reason, params: { status: run.status }, status: 409 };

/** Four eyes, when settings ask for them: whoever calculated a run does not approve it. */
const notTheCalculator: Condition<RunSubject> = (actor, run) => (run.separate_approver && run.calculated_by === actor.id ? { reason: "payroll.runs.approverIsCalculator" } : true);

/**
 * Payroll runs, draft → calculated → approved → released. Managers create,
 * calculate and delete unreleased work; releasing money needs
 * payroll_release. A released run changes no more.
 */
export const payrollPolicy = definePolicy<RunSubject>()({
  rules: {
    list: { permission: READERS },
    view: { permission: READERS },
    create: { permission: "payroll_manage" },
    delete: { permission: "payroll_manage", when: [inState(["draft", "calculated"], "payroll.runs.notDeletable")] },
    calculate: { permission: "payroll_manage", when: [inState(["draft", "calculated"], "payroll.runs.notCalculable")] },
    approve: { permission: "payroll_release", when: [inState(["calculated"], "payroll.runs.notApprovable"), notTheCalculator] },
    reopen: { permission: "payroll_release", when: [inState(["approved"], "payroll.runs.notReopenable")] },
    release: { permission: "payroll_release", when: [inState(["approved"], "payroll.runs.notReleasable")] },
  },
});

/** A payslip as the policy sees it: whose it is and its run's state. */
export interface PayslipSubject {
  user_id: number;
  status: RunStatus;
}

/** One's own payslip is one's to read once its run is released; payroll readers read any. */
const releasedUnlessReader: Condition<PayslipSubject> = (actor, payslip) =>
  holds(actor, "payroll_view") || holds(actor, "payroll_manage") || holds(actor, "payroll_release") || payslip.status === "released" ? true : FORBIDDEN;

/** Payslips: the payroll office reads them all; everyone reads their own once released. */
export const payslipsPolicy = definePolicy<PayslipSubject>()({
  ownerOf: (payslip) => payslip.user_id,
  rules: {
    list: { permission: READERS },
    view: { permission: READERS, own: true, when: [releasedUnlessReader] },
  },
});
