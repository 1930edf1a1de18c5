import { LockOutlined } from "@ant-design/icons";
import { Form, Input } from "antd";
import { z } from "zod";
import { checkNewPassword, newPasswordFields, whenPasswordTyped } from "../../../contracts/validation";
import { zodObjectRule } from "../form";
import { PasswordChecklist, PasswordStrengthMeter } from "./PasswordStrength";

/** The block as every body that sets a password checks it: the rules, then the confirmation. */
const NEW_PASSWORD = z.object(newPasswordFields).superRefine(checkNewPassword, whenPasswordTyped);
const PASSWORD_RULES = [zodObjectRule(NEW_PASSWORD, "password")];
const CONFIRMATION_RULES = [zodObjectRule(NEW_PASSWORD, "password_confirmation")];

/**
 * A new password and its confirmation, with the strength meter and the live
 * checklist: the one block the reset screen, the profile and the employee
 * form all use. Field names are the API's: password, password_confirmation.
 */
export function NewPasswordFields({ passwordLabel, confirmLabel, autoFocus, preserve }: { passwordLabel: string; confirmLabel: string; autoFocus?: boolean; preserve?: boolean }) {
  const password = Form.useWatch<string | undefined>("password") ?? "";
  return (
    <>
      <Form.Item name="password" label={passwordLabel} rules={PASSWORD_RULES} style={{ marginBottom: 8 }} preserve={preserve}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <PasswordStrengthMeter password={password} />
      <PasswordChecklist password={password} />
      <Form.Item name="password_confirmation" label={confirmLabel} dependencies={["password"]} rules={CONFIRMATION_RULES} preserve={preserve}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
