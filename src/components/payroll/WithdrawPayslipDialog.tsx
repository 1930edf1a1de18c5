import { StopOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { PayslipRecord } from "../../../contracts/payroll";
import { withdrawBody } from "../../../contracts/payslips";
import { payslipsApi } from "../../api/payslips";
import { zodRules } from "../form";
import { ReasonDialog } from "../form/ReasonDialog";
import { toast } from "../../lib/toast";

const RULES = zodRules(withdrawBody.shape);

export interface WithdrawPayslipDialogProps {
  payslip: PayslipRecord;
  open: boolean;
  onClose: () => void;
  onWithdrawn: (payslip: PayslipRecord) => void;
}

/**
 * Withdrawing a released payslip (issued in error) needs a reason: its person
 * no longer sees it and its links stop working; the reason is kept with it.
 */
export function WithdrawPayslipDialog({ payslip, open, onClose, onWithdrawn }: WithdrawPayslipDialogProps) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      name="payslip-withdraw"
      title={t("payslipsAdmin.withdraw.title", { name: payslip.user_name })}
      explains={t("payslipsAdmin.withdraw.explains")}
      label={t("payslipsAdmin.withdraw.reason")}
      hint={t("payslipsAdmin.withdraw.reasonHint")}
      submitLabel={t("payslipsAdmin.withdraw.submit")}
      icon={<StopOutlined aria-hidden />}
      danger
      rules={RULES.reason}
      submit={async (reason) => {
        const reply = await payslipsApi.withdraw(payslip.id, reason);
        toast("success", reply.message);
        onClose();
        onWithdrawn(reply.data);
      }}
    />
  );
}
