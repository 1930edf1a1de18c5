import { useState } from "react";
import { StopOutlined, UserDeleteOutlined } from "@ant-design/icons";
import { useDelete } from "@refinedev/core";
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { PayslipRecord } from "../../../contracts/payroll";
import { payslipPaths } from "../../api/payslips";
import { usePolicy } from "../../auth/usePolicy";
import { deleteNotifications } from "../form";
import { ConfirmAction } from "../common/ConfirmAction";
import { DownloadButton } from "./DownloadButton";
import { payslipSubject } from "./payslipSubject";
import { useRunName } from "./useRunName";
import { WithdrawPayslipDialog } from "./WithdrawPayslipDialog";

export interface PayslipActionsProps {
  payslip: PayslipRecord;
  /** The payslip was taken out of its run: it is gone. */
  onRemoved: () => void;
  onWithdrawn: (payslip: PayslipRecord) => void;
}

/**
 * What may be done to one payslip, each shown only where the policy allows it
 * (the server refuses the rest): its PDF; taking the person out of a run not
 * yet approved; withdrawing a released payslip, with a reason.
 */
export function PayslipActions({ payslip, onRemoved, onWithdrawn }: PayslipActionsProps) {
  const { t } = useTranslation();
  const may = usePolicy();
  const run = useRunName()(payslip.payroll_name);
  const subject = payslipSubject(payslip);
  const { mutate: remove, mutation: removal } = useDelete();
  const [withdrawing, setWithdrawing] = useState(false);
  return (
    <Space wrap>
      {may("payslips.download", subject) && (
        <DownloadButton from={payslipPaths.pdf(payslip.id)} type="primary">
          {t("payslipsAdmin.actions.pdf")}
        </DownloadButton>
      )}
      {may("payslips.withdraw", subject) && (
        <>
          <Button danger icon={<StopOutlined aria-hidden />} onClick={() => setWithdrawing(true)}>
            {t("payslipsAdmin.actions.withdraw")}
          </Button>
          <WithdrawPayslipDialog payslip={payslip} open={withdrawing} onClose={() => setWithdrawing(false)} onWithdrawn={onWithdrawn} />
        </>
      )}
      {may("payslips.delete", subject) && (
        <ConfirmAction
          title={t("payslipsAdmin.remove.title", { name: payslip.user_name, run })}
          description={t("payslipsAdmin.remove.explains")}
          okText={t("payslipsAdmin.remove.submit")}
          danger
          onConfirm={() => remove({ resource: "payslips", id: payslip.id, ...deleteNotifications }, { onSuccess: onRemoved })}
        >
          <Button danger icon={<UserDeleteOutlined aria-hidden />} loading={removal.isPending}>
            {t("payslipsAdmin.actions.remove")}
          </Button>
        </ConfirmAction>
      )}
    </Space>
  );
}
