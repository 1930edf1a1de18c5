import { SaveOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { payslipUpdateBody, type PayslipEditReply } from "../../../contracts/payslips";
import { payslipsApi } from "../../api/payslips";
import { useFormSubmit, zodRules } from "../form";
import { toast } from "../../lib/toast";

const RULES = zodRules(payslipUpdateBody.shape);

/** The remark printed on the payslip, while its run takes changes; an empty box removes it. */
export function PayslipNote({ edit, onSaved }: { edit: PayslipEditReply; onSaved: (payslip: PayslipEditReply) => void }) {
  const { t } = useTranslation();
  const { formProps, error, busy } = useFormSubmit<{ note?: string }>({
    submit: async ({ note }) => {
      const text = (note ?? "").trim();
      const reply = await payslipsApi.setNote(edit.id, text === "" ? null : text);
      toast("success", reply.message);
      onSaved(reply.data);
    },
  });
  return (
    <Form<{ note?: string }> {...formProps} name={`payslip-note-${edit.id}`} layout="vertical" initialValues={{ note: edit.note ?? "" }}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="note" label={t("payslipsAdmin.note.label")} rules={RULES.note} extra={t("payslipsAdmin.note.hint")}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
      <Flex justify="end">
        <Button htmlType="submit" loading={busy} icon={<SaveOutlined aria-hidden />}>
          {t("payslipsAdmin.note.save")}
        </Button>
      </Flex>
    </Form>
  );
}
