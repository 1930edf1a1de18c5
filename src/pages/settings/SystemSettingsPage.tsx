import { Card, Descriptions, Form, Input, InputNumber, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { systemSettings, type SettingsRecord } from "../../../contracts/settings";
import { usePolicy } from "../../auth/usePolicy";
import { TimeOfDayPicker, timeOfDayFieldProps } from "../../components/attendance/TimeOfDayPicker";
import { StateTag } from "../../components/common/StateTag";
import { FieldRow, zodRules } from "../../components/form";
import { BackupsCard } from "./BackupsCard";
import { OutboxCard } from "./OutboxCard";
import { SettingsForm } from "./SettingsForm";
import { useSettingsGroup } from "../../components/settings/useSettingsGroup";

const RULES = zodRules(systemSettings.shape);
type NumberField = { [K in keyof SettingsRecord<"system">]: SettingsRecord<"system">[K] extends number ? K : never }[keyof SettingsRecord<"system">];

const THROTTLE_FIELDS: NumberField[] = ["login_per_account_and_address", "login_per_account", "login_per_address", "forgot_per_address", "forgot_per_account"];

/** /settings/system-settings: sign-in sessions and their protection, self-registration, backups, and how mail leaves. */
export default function SystemSettingsPage() {
  const { t } = useTranslation();
  const may = usePolicy();
  const { values, save } = useSettingsGroup("system");
  const number = (name: NumberField) => (
    <Form.Item key={name} name={name} label={t(`settings.system.fields.${name}`)} rules={RULES[name]}>
      <InputNumber style={{ width: "100%" }} />
    </Form.Item>
  );
  return (
    <>
      <SettingsForm titleKey="settings.system.title" values={values} save={save} editable={may("settings.update")}>
        <Card title={t("settings.system.sessions")} style={{ marginBottom: 16 }}>
          <FieldRow>
            {number("session_hours")}
            {number("remember_days")}
          </FieldRow>
        </Card>
        <Card title={t("settings.system.throttle")} style={{ marginBottom: 16 }}>
          <FieldRow>
            {number("throttle_window_minutes")}
            {number(THROTTLE_FIELDS[0])}
          </FieldRow>
          <FieldRow>{THROTTLE_FIELDS.slice(1, 3).map(number)}</FieldRow>
          <FieldRow>{THROTTLE_FIELDS.slice(3).map(number)}</FieldRow>
          <Form.Item name="two_factor_required" label={t("settings.system.fields.two_factor_required")} valuePropName="checked" extra={t("settings.system.twoFactorHint")}>
            <Switch />
          </Form.Item>
        </Card>
        <Card title={t("settings.system.access")} style={{ marginBottom: 16 }}>
          <Form.Item name="allow_registration" label={t("settings.system.fields.allow_registration")} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="admin_contact" label={t("settings.system.fields.admin_contact")} rules={RULES.admin_contact} extra={t("settings.system.adminContactHint")}>
            <Input />
          </Form.Item>
        </Card>
        <Card title={t("settings.system.backups")} style={{ marginBottom: 16 }}>
          <Form.Item name="backup_enabled" label={t("settings.system.fields.backup_enabled")} valuePropName="checked">
            <Switch />
          </Form.Item>
          <FieldRow>
            <Form.Item name="backup_time" label={t("settings.system.fields.backup_time")} rules={RULES.backup_time} {...timeOfDayFieldProps} extra={t("settings.system.backupTimeHint")}>
              <TimeOfDayPicker />
            </Form.Item>
            {number("backup_keep")}
          </FieldRow>
        </Card>
      </SettingsForm>
      {values && (
        <Card title={t("settings.system.mail")} style={{ marginTop: 16, maxWidth: 960 }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t("settings.system.mailTransport")}>
              <StateTag tone={values.mail.transport === "smtp" ? "good" : "warning"}>{t(`settings.system.transports.${values.mail.transport}`)}</StateTag>
            </Descriptions.Item>
            <Descriptions.Item label={t("settings.system.mailFrom")}>{values.mail.from}</Descriptions.Item>
          </Descriptions>
          {may("settings.viewOutbox") && <OutboxCard />}
        </Card>
      )}
      {may("system.backups") && <BackupsCard />}
    </>
  );
}
