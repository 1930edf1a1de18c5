import { useState } from "react";
import { Alert, Button, Card, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { meApi } from "../../api/me";
import { NewPasswordFields } from "../../components/auth/NewPasswordFields";
import { formRules } from "../../lib/form-rules";
import { ApiError } from "../../lib/http";
import { toast, TOAST_LIFE } from "../../lib/toast";

interface ChangePasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** Change one's own password: current one first, the same rules, meter and checklist as the reset screen. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const rules = formRules(t);
  const [form] = Form.useForm<ChangePasswordValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: ChangePasswordValues) => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await meApi.changePassword(values);
      form.resetFields();
      toast("success", t("profile.passwordTitle"), data.message, TOAST_LIFE.long);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.errors).length > 0) {
        form.setFields(Object.entries(failure.errors).map(([name, errors]) => ({ name: name as keyof ChangePasswordValues, errors })));
      } else {
        setError(failure instanceof Error ? failure.message : t("errors.other"));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t("profile.passwordTitle")}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} disabled={busy} requiredMark={false}>
        <Form.Item name="current_password" label={t("profile.currentPassword")} rules={[rules.required]}>
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
