import { StopOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { leaveApi } from "../../api/leave";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { todayIn } from "../../i18n/calendar";
import { toast } from "../../lib/toast";
import type { RequestRow } from "./columns";

/**
 * Takes a request back: at once while pending or before the leave begins, otherwise by asking the approver (the
 * question says which). Shown only where the server allows it (the row's can_cancel).
 */
export function CancelButton({ row, onCancelled }: { row: RequestRow; onCancelled?: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { profile } = useCompanyProfile();
  if (!row.can_cancel) return null;
  // Begun by the company's calendar, as the server judges it.
  const begun = row.status === "approved" && row.start_date <= todayIn(profile?.time_zone);
  const cancel = async () => {
    try {
      const reply = await leaveApi.cancel(row.id);
      toast("success", reply.message);
      await invalidate({ resource: "leave-requests", invalidates: ["all"] });
      onCancelled?.();
    } catch (failure) {
      toast("error", failure instanceof Error ? failure.message : t("errors.other"));
    }
  };
  const name = row.leave_type.name;
  return (
    <ConfirmAction title={t(begun ? "leave.requests.askCancelConfirm" : "leave.requests.cancelConfirm", { name })} okText={t(begun ? "leave.requests.askCancel" : "leave.requests.cancel")} danger onConfirm={cancel}>
      <Button size="small" icon={<StopOutlined aria-hidden />}>
        {t(begun ? "leave.requests.askCancel" : "leave.requests.cancel")}
      </Button>
    </ConfirmAction>
  );
}
