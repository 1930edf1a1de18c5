import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Select } from "antd";
import { useTranslation } from "react-i18next";
import { leaveAdjustmentBody, type LeaveBalanceLine } from "../../../contracts/leave";
import { leaveApi } from "../../api/leave";
import { useFormSubmit, zodRules } from "../../components/form";
import { toast } from "../../lib/toast";

const RULES = zodRules(leaveAdjustmentBody.shape);

interface Values {
  leave_type_id: number;
  days: number;
  reason: string;
}

/** HR's correction of a person's balance of one type and year: days added (or taken, below zero) with the reason the ledger keeps. */
export function AdjustBalanceDialog({ open, onClose, userId, year, lines, onAdjusted }: { open: boolean; onClose: () => void; userId: number; year: number; lines: readonly LeaveBalanceLine[]; onAdjusted: () => void }) {
  const { t } = useTranslation();
  const { formProps, error, busy, form } = useFormSubmit<Values>({
    submit: async (values) => {
      const reply = await leaveApi.adjust({ ...values, user_id: userId, year });
      toast("success", reply.message);
      form.resetFields();
      onAdjusted();
      onClose();
    },
  });
  return (
    <Modal open={open} onCancel={onClose} title={t("leave.balances.adjustTitle", { year })} footer={null} destroyOnHidden>
      <Form<Values> {...formProps} name="leave-adjustment" layout="vertical">
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form.Item name="leave_type_id" label={t("leave.requests.fields.type")} rules={RULES.leave_type_id}>
          <Select options={lines.map((line) => ({ value: line.leave_type.id, label: line.leave_type.name }))} />
        </Form.Item>
        <Form.Item name="days" label={t("leave.balances.adjustDays")} rules={RULES.days} extra={t("leave.balances.adjustDaysHint")}>
          <InputNumber min={-366} max={366} step={0.5} precision={2} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="reason" label={t("leave.approvals.reason")} rules={RULES.reason} extra={t("leave.balances.adjustReasonHint")}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Flex justify="end" gap={8} wrap>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t("leave.balances.adjust")}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
