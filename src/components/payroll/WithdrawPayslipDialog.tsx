import { useRef } from "react";
import { StopOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Form, Input, Modal, Typography } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { useTranslation } from "react-i18next";
import type { PayslipRecord } from "../../../contracts/payroll";
import { withdrawBody } from "../../../contracts/payslips";
import { payslipsApi } from "../../api/payslips";
import { useFormSubmit, zodRules } from "../form";
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
  const reasonField = useRef<TextAreaRef>(null);
  const { formProps, error, busy } = useFormSubmit<{ reason: string }>({
    submit: async ({ reason }) => {
      const reply = await payslipsApi.withdraw(payslip.id, reason);
      toast("success", reply.message);
      onClose();
      onWithdrawn(reply.data);
    },
  });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t("payslipsAdmin.withdraw.title", { name: payslip.user_name })}
      footer={null}
      destroyOnHidden
      // The reason is what the dialog asks for: the keyboard starts there once the dialog has taken the focus.
      afterOpenChange={(opened) => opened && reasonField.current?.focus()}
    >
      <Form<{ reason: string }> {...formProps} name="payslip-withdraw" layout="vertical">
        <Typography.Paragraph>{t("payslipsAdmin.withdraw.explains")}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form.Item name="reason" label={t("payslipsAdmin.withdraw.reason")} rules={RULES.reason} extra={t("payslipsAdmin.withdraw.reasonHint")}>
          <Input.TextArea ref={reasonField} rows={3} maxLength={500} showCount />
        </Form.Item>
        <Flex justify="end" gap={8} wrap>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="primary" danger htmlType="submit" loading={busy} icon={<StopOutlined aria-hidden />}>
            {t("payslipsAdmin.withdraw.submit")}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
