import { LockOutlined } from "@ant-design/icons";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { formRules } from "../../lib/form-rules";
import { PasswordChecklist, PasswordStrengthMeter } from "./PasswordStrength";

/**
 * A new password and its confirmation, with the strength meter and the live
 * checklist: the one block the reset screen, the profile and the employee
 * form all use. Field names are the API's: password, password_confirmation.
 */
export function NewPasswordFields({ passwordLabel, confirmLabel, autoFocus }: { passwordLabel: string; confirmLabel: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const rules = formRules(t);
  const password = Form.useWatch<string | undefined>("password") ?? "";
  return (
    <>
      <Form.Item name="password" label={passwordLabel} rules={[rules.required, rules.newPassword]} style={{ marginBottom: 8 }}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <PasswordStrengthMeter password={password} />
      <PasswordChecklist password={password} />
      <Form.Item name="password_confirmation" label={confirmLabel} dependencies={["password"]} rules={[rules.required, rules.matches("password")]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
