import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useCustomMutation } from "@refinedev/core";
import { Alert, Button, DatePicker, Form, Input, Modal, Typography } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { MAX_BREAKS, removalBody, type AttendanceRecord } from "../../../contracts/attendance";
import { TimeOfDayPicker, timeOfDayFieldProps } from "../../components/attendance/TimeOfDayPicker";
import { dateFieldProps } from "../../components/common/DateField";
import { FieldRow, useFormSubmit, zodRules } from "../../components/form";
import { useDateInputFormats } from "../../components/list";
import { toast } from "../../lib/toast";
import { prefillOf, spanOf, type EntryValues } from "./entry";

/** The reason's rule and length, as every correction's contract words them. */
export const REASON_RULES = zodRules(removalBody.shape).reason;
export const REASON_MAX = removalBody.shape.reason.maxLength ?? undefined;

export interface EntryDialogProps {
  userId: number;
  /** The company's zone: the times are typed as its clocks read. */
  zone: string;
  /** The record corrected; a new entry without one. */
  record?: AttendanceRecord;
  /** A new entry's day. */
  date?: string;
  onClose: () => void;
  onSaved: () => void;
}

type Saved = { data: AttendanceRecord; message?: string };

function BreakFields() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} style={{ marginBottom: 16 }}>
      <Typography.Text id={headingId} strong style={{ display: "block", marginBottom: 8 }}>
        {t("userAttendance.entry.breaks")}
      </Typography.Text>
      <Form.List name="breaks">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => {
              const number = index + 1;
              const required = { required: true, message: t("validation.required") };
              return (
                <FieldRow key={field.key} spans={[10, 10, 4]}>
                  <Form.Item name={[field.name, "started_at"]} label={t("userAttendance.entry.breakStart", { number })} rules={[required]} {...timeOfDayFieldProps}>
                    <TimeOfDayPicker />
                  </Form.Item>
                  <Form.Item name={[field.name, "ended_at"]} label={t("userAttendance.entry.breakEnd", { number })} rules={[required]} {...timeOfDayFieldProps}>
                    <TimeOfDayPicker />
                  </Form.Item>
                  <Form.Item label={<span aria-hidden>&nbsp;</span>}>
                    <Button icon={<DeleteOutlined />} aria-label={t("userAttendance.entry.removeBreak", { number })} onClick={() => remove(field.name)} />
                  </Form.Item>
                </FieldRow>
              );
            })}
            <Form.ErrorList errors={errors} />
            {fields.length < MAX_BREAKS && (
              <Button icon={<PlusOutlined />} onClick={() => add()}>
                {t("userAttendance.entry.addBreak")}
              </Button>
            )}
          </>
        )}
      </Form.List>
    </div>
  );
}

/**
 * A day entered by hand (POST /api/attendance/manual) or a record corrected
 * (PUT /api/attendance/{id}), with the reason the person will be told. The
 * server's refusals land on the fields they name, others above the form.
 */
export function EntryDialog({ userId, zone, record, date, onClose, onSaved }: EntryDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const dateFormats = useDateInputFormats();
  const { mutateAsync } = useCustomMutation<Saved>();
  const { formProps, error, busy } = useFormSubmit<EntryValues>({
    submit: async (values) => {
      const body = { ...spanOf(values, zone), reason: values.reason };
      const call = record
        ? { url: `/attendance/${record.id}`, method: "put" as const, values: body }
        : { url: "/attendance/manual", method: "post" as const, values: { user_id: userId, ...body } };
      const reply = await mutateAsync({ ...call, successNotification: false, errorNotification: false });
      toast("success", reply.data.message ?? t("toast.done"));
      onSaved();
    },
  });
  const required = [{ required: true, message: t("validation.required") }];
  const initialValues = record ? prefillOf(record, zone) : { date, breaks: [] };

  return (
    <Modal
      open
      onCancel={onClose}
      title={t(record ? "userAttendance.entry.editTitle" : "userAttendance.entry.addTitle")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      okButtonProps={{ htmlType: "submit", form: formId, loading: busy }}
      destroyOnHidden
      width={640}
    >
      <Form<EntryValues> {...formProps} id={formId} name={record ? "attendance-correct" : "attendance-enter"} layout="vertical" initialValues={initialValues}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph type="secondary">{t("userAttendance.entry.zoneHint", { zone })}</Typography.Paragraph>
        <FieldRow>
          <Form.Item name="date" label={t("userAttendance.entry.date")} rules={required} {...dateFieldProps}>
            <DatePicker format={dateFormats} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item name="clock_in_at" label={t("userAttendance.entry.clockIn")} rules={required} {...timeOfDayFieldProps}>
            <TimeOfDayPicker />
          </Form.Item>
          <Form.Item name="clock_out_at" label={t("userAttendance.entry.clockOut")} rules={required} {...timeOfDayFieldProps}>
            <TimeOfDayPicker />
          </Form.Item>
        </FieldRow>
        <BreakFields />
        <Form.Item name="reason" label={t("userAttendance.entry.reason")} rules={REASON_RULES} extra={t("userAttendance.entry.reasonHint")}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
