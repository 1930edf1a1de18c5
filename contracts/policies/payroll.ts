import { ACCESS_LEVEL } from "../permissions";
import type { RunStatus } from "../payroll";
import { definePolicy, FORBIDDEN, holds, type Condition } from "./core";

/** Reading pay set-up and runs: whoever prepares, reviews or releases payroll. */
const READERS = ["payroll_view", "payroll_manage", "payroll_release"] as const;

/**
 * Payslips without the runs behind them: a role may read and hand them out
 * (payslips_view), prepare them (payslips_manage: adjustments, notes, taking
 * someone out of a run not yet approved) or withdraw them once sent
 * (payslips_release). The payroll office's permissions include all three.
 */
const PAYSLIP_READERS = [...READERS, "payslips_view", "payslips_manage", "payslips_release"] as const;
const PAYSLIP_EDITORS = ["payroll_manage", "payslips_manage"] as const;
const PAYSLIP_WITHDRAWERS = ["payroll_release", "payslips_release"] as const;

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
    /** The run as a sheet (grid, XLSX, CSV): whoever reads runs. */
    sheet: { permission: READERS },
    /** Filling a run from a spreadsheet computed elsewhere: like a calculation. */
    import: { permission: "payroll_manage", when: [inState(["draft", "calculated"], "payroll.runs.notImportable")] },
    /** The bank's transfer file carries account numbers: for whoever releases money, once released. */
    bankFile: { permission: "payroll_release", when: [inState(["released"], "payroll.runs.bankFileReleasedOnly")] },
    /** Every payslip of the run as PDFs in one ZIP: whoever reads payslips. */
    payslipsZip: { permission: PAYSLIP_READERS },
  },
});

/** A payslip as the policy sees it: whose it is, its run's state and whether it was withdrawn. */
export interface PayslipSubject {
  user_id: number;
  status: RunStatus;
  withdrawn: boolean;
}

/** An employee's role lies dormant (only staff and level 0 act through permissions): their own payslip waits for its release like anyone's. */
const isReader = (actor: Parameters<Condition<PayslipSubject>>[0]) =>
  actor.access_level !== ACCESS_LEVEL.EMPLOYEE && PAYSLIP_READERS.some((permission) => holds(actor, permission));

/** One's own payslip is one's to read once its run is released and while it stands; payroll readers read any. */
const releasedUnlessReader: Condition<PayslipSubject> = (actor, payslip) => (isReader(actor) || (payslip.status === "released" && !payslip.withdrawn) ? true : FORBIDDEN);

const unapproved: Condition<PayslipSubject> = (_actor, payslip) =>
  payslip.status === "draft" || payslip.status === "calculated" ? true : { reason: "payslips.notEditable", params: { status: payslip.status }, status: 409 };

const standingRelease: Condition<PayslipSubject> = (_actor, payslip) =>
  payslip.status !== "released" ? { reason: "payslips.withdrawReleasedOnly", status: 409 } : payslip.withdrawn ? { reason: "payslips.alreadyWithdrawn", status: 409 } : true;

/**
 * Payslips: the payroll office reads them all and edits those of runs not
 * yet approved; everyone reads and downloads their own once released; a
 * released payslip is withdrawn by whoever releases pay.
 */
export const payslipsPolicy = definePolicy<PayslipSubject>()({
  ownerOf: (payslip) => payslip.user_id,
  rules: {
    list: { permission: PAYSLIP_READERS },
    view: { permission: PAYSLIP_READERS, own: true, when: [releasedUnlessReader] },
    /** One's own released payslips by year (GET /api/payslips/user-payslips): everyone, about themselves only. */
    listOwn: { everyone: true },
    /** The PDF, by token or by a signed link: whoever may view it. */
    download: { permission: PAYSLIP_READERS, own: true, when: [releasedUnlessReader] },
    /** Who downloaded it, when and from where. */
    history: { permission: PAYSLIP_READERS, own: true, when: [releasedUnlessReader] },
    update: { permission: PAYSLIP_EDITORS, when: [unapproved] },
    delete: { permission: PAYSLIP_EDITORS, when: [unapproved] },
    withdraw: { permission: PAYSLIP_WITHDRAWERS, when: [standingRelease] },
  },
});
