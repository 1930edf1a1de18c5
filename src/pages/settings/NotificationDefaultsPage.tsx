import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { usePolicy } from "../../auth/usePolicy";
import { DeliveryTable } from "./DeliveryTable";
import { SettingsForm } from "./SettingsForm";
import { useSettingsGroup } from "../../components/settings/useSettingsGroup";

/** /settings/notifications: which events notify people, and how, until each person chooses otherwise. */
export default function NotificationDefaultsPage() {
  const { t } = useTranslation();
  const may = usePolicy();
  const { values, save } = useSettingsGroup("notifications");
  return (
    <SettingsForm titleKey="settings.notifications.title" values={values} save={save} editable={may("settings.update")}>
      <Typography.Paragraph type="secondary">{t("settings.notifications.companyHint")}</Typography.Paragraph>
      <DeliveryTable prefix="defaults" />
    </SettingsForm>
  );
}
