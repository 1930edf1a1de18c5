import { Alert, Button, DatePicker, Flex, Form, Input, Modal, Radio, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { HALF_DAYS, leaveRequestBody, type LeaveBalanceLine, type LeaveRequestBody } from "../../../contracts/leave";
import { leaveApi } from "../../api/leave";
import { dateFieldProps, typedDateProps } from "../../components/common/DateField";
import { FieldRow, useFormSubmit, zodObjectRule, zodRules } from "../../components/form";
import { useDateInputFormats } from "../../components/list";
import { toast } from "../../lib/toast";
import { formatDays } from "./format";

const RULES = zodRules(leaveRequestBody.shape);

type Values = Omit<LeaveRequestBody, "half_day"> & { half_day: "" | (typeof HALF_DAYS)[number] };

export interface RequestLeaveDialogProps {
  open: boolean;
  onClose: () => void;
  /** The types one may ask for, with what is left of each. */
  lines: readonly LeaveBalanceLine[];
  /** Someone else's leave, entered by HR; one's own when left out. */
  userId?: number;
  onRequested: () => void;
}

/**
 * Asks for leave: a type (with the days still available), the first and last day, a half day when it is one date and
 * the type allows halves, and a reason. The server counts the workdays it takes and refuses overlaps and what the
 * balance does not allow, on the fields.
 */
export function RequestLeaveDialog({ open, onClose, lines, userId, onRequested }: RequestLeaveDialogProps) {
  const { t, i18n } = useTranslation();
  const formats = useDateInputFormats();
  const { form, formProps, error, busy } = useFormSubmit<Values>({
    submit: async (values) => {
      // A half chosen, then the dates widened: the field is gone, and so is the half.
      const half = halvesAllowed(values) ? values.half_day || null : null;
      const reply = await leaveApi.ask({ ...values, half_day: half, reason: values.reason || null, ...(userId !== undefined ? { user_id: userId } : {}) });
      toast("success", reply.message);
      form.resetFields();
      onRequested();
      onClose();
    },
  });
  const lineOf = (typeId: number | undefined) => lines.find((line) => line.leave_type.id === typeId);
  function halvesAllowed(values: Partial<Pick<Values, "leave_type_id" | "start_date" | "end_date">>): boolean {
    const line = lineOf(values.leave_type_id);
    return line !== undefined && line.leave_type.unit !== "day" && Boolean(values.start_date) && values.start_date === values.end_date;
  }
  const watched = { leave_type_id: Form.useWatch("leave_type_id", form), start_date: Form.useWatch("start_date", form), end_date: Form.useWatch("end_date", form) };
  const chosen = lineOf(watched.leave_type_id);
  const halves = halvesAllowed(watched);
  const types = lines.filter((line) => line.leave_type.active);

  return (
    <Modal open={open} onCancel={onClose} title={t("leave.requests.new")} footer={null} destroyOnHidden>
      <Form<Values> {...formProps} name="leave-request" layout="vertical" initialValues={{ half_day: "" }}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="leave_type_id"
          label={t("leave.requests.fields.type")}
          rules={RULES.leave_type_id}
          extra={chosen && t("leave.requests.available", { count: Math.max(0, chosen.available), days: formatDays(Math.max(0, chosen.available), i18n.language) })}
        >
          <Select options={types.map((line) => ({ value: line.leave_type.id, label: line.leave_type.name }))} />
        </Form.Item>
        <FieldRow>
          <Form.Item name="start_date" label={t("leave.requests.fields.start")} rules={RULES.start_date} {...dateFieldProps}>
            <DatePicker format={formats} style={{ width: "100%" }} {...typedDateProps} />
          </Form.Item>
          <Form.Item name="end_date" label={t("leave.requests.fields.end")} dependencies={["start_date"]} rules={[...RULES.end_date, zodObjectRule(leaveRequestBody, "end_date")]} {...dateFieldProps}>
            <DatePicker format={formats} style={{ width: "100%" }} {...typedDateProps} />
          </Form.Item>
        </FieldRow>
        {halves && (
          <Form.Item name="half_day" label={t("leave.requests.fields.halfDay")}>
            <Radio.Group
              optionType="button"
              options={[{ value: "", label: t("leave.requests.halves.whole") }, ...HALF_DAYS.map((half) => ({ value: half, label: t(`leave.requests.halves.${half}`) }))]}
            />
          </Form.Item>
        )}
        <Form.Item name="reason" label={t("leave.requests.fields.reason")} rules={RULES.reason}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t("leave.requests.countingHint")}</Typography.Paragraph>
        <Flex justify="end" gap={8} wrap>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t("leave.requests.submit")}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
