import { useTranslation } from "react-i18next";
import type { LeaveStatus } from "../../../contracts/leave";
import { StateTag, type StateTone } from "../../components/common/StateTag";

const TONES: Record<LeaveStatus, StateTone> = {
  pending: "warning",
  approved: "good",
  rejected: "bad",
  cancelled: "neutral",
  cancel_requested: "warning",
};

export function LeaveStatusTag({ status }: { status: LeaveStatus }) {
  const { t } = useTranslation();
  return <StateTag tone={TONES[status]}>{t(`leave.requests.statuses.${status}`)}</StateTag>;
}
