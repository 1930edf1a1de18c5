import { useCustomMutation } from "@refinedev/core";
import { Alert, Form, Input, Modal, Typography } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AttendanceRecord } from "../../../contracts/attendance";
import { workDate } from "../../components/attendance/time";
import { useFormSubmit } from "../../components/form";
import { toast } from "../../lib/toast";
import { useSpanLabel } from "./DayRecords";
import { REASON_MAX, REASON_RULES } from "./EntryDialog";

/** DELETE /api/attendance/{id}: a record removed, with the reason the person will be told. */
export function RemoveDialog({ record, zone, onClose, onRemoved }: { record: AttendanceRecord; zone: string; onClose: () => void; onRemoved: () => void }) {
  const { t, i18n } = useTranslation();
  const span = useSpanLabel(zone)(record);
  const formId = useId();
  const { mutateAsync } = useCustomMutation<{ message?: string }>();
  const { formProps, error, busy } = useFormSubmit<{ reason: string }>({
    submit: async (values) => {
      const reply = await mutateAsync({ url: `/attendance/${record.id}`, method: "delete", values, successNotification: false, errorNotification: false });
      toast("success", reply.data.message ?? t("toast.done"));
      onRemoved();
    },
  });
  return (
    <Modal
      open
      onCancel={onClose}
      title={t("userAttendance.remove.title")}
      okText={t("common.delete")}
      cancelText={t("common.cancel")}
      okButtonProps={{ htmlType: "submit", form: formId, danger: true, loading: busy }}
      destroyOnHidden
    >
      <Form<{ reason: string }> {...formProps} id={formId} name="attendance-remove" layout="vertical">
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph>{t("userAttendance.remove.summary", { date: workDate(record.work_date, i18n.language, { withYear: true }), span })}</Typography.Paragraph>
        <Form.Item name="reason" label={t("userAttendance.entry.reason")} rules={REASON_RULES} extra={t("userAttendance.entry.reasonHint")}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
