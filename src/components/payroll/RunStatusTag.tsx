import { useTranslation } from "react-i18next";
import { RUN_STATUSES, type RunStatus } from "../../../contracts/payroll";
import { StateTag, type StateTone } from "../common/StateTag";

/** Draft is work in progress, calculated waits for a check, approved waits for the money to go, released is done. */
export const RUN_STATUS_TONE: Record<RunStatus, StateTone> = { draft: "neutral", calculated: "info", approved: "warning", released: "good" };

/** The states as a list column's choices (a run's, and a payslip's, which is its run's). */
export const RUN_STATUS_CHOICES = RUN_STATUSES.map((status) => ({ value: status, labelKey: `payrollUi.status.${status}` }));

/** A run's (or its payslip's) state in words on a tag of its tone: the colour never says it alone. */
export function RunStatusTag({ status }: { status: RunStatus }) {
  const { t } = useTranslation();
  return <StateTag tone={RUN_STATUS_TONE[status]}>{t(`payrollUi.status.${status}`)}</StateTag>;
}
