import { Alert, Button, Card, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { changePasswordBody } from "../../../contracts/users";
import { meApi } from "../../api/me";
import { NewPasswordFields } from "../../components/auth/NewPasswordFields";
import { useFormSubmit, zodRules } from "../../components/form";
import { toast, TOAST_LIFE } from "../../lib/toast";

const RULES = zodRules(changePasswordBody.shape);

interface ChangePasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** Change one's own password: current one first, the same rules, meter and checklist as the reset screen. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { formProps, busy, error } = useFormSubmit<ChangePasswordValues>({
    submit: async (values, form) => {
      const { data } = await meApi.changePassword(values);
      form.resetFields();
      toast("success", t("profile.passwordTitle"), data.message, TOAST_LIFE.long);
    },
  });

  return (
    <Card title={t("profile.passwordTitle")}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form {...formProps} layout="vertical" requiredMark={false}>
        <Form.Item name="current_password" label={t("profile.currentPassword")} rules={RULES.current_password}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields passwordLabel={t("reset.newPassword")} confirmLabel={t("reset.confirmPassword")} />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t("profile.changePassword")}
        </Button>
      </Form>
    </Card>
  );
}
