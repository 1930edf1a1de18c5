import { Typography } from "antd";
import { useTranslation } from "react-i18next";

/** What was done ("Person updated"), in the reader's language. */
export function ActionLabel({ action }: { action: string }) {
  const { t } = useTranslation();
  return <Typography.Text strong>{t(`activities.actions.${action}`, { defaultValue: action })}</Typography.Text>;
}

/** "Person #7", "Role #3", in the reader's language. */
export function SubjectLabel({ type, id }: { type: string | null; id: number | null }) {
  const { t } = useTranslation();
  if (!type) return <>—</>;
  return <>{`${t(`activities.subjects.${type}`, { defaultValue: type })}${id !== null ? ` #${id}` : ""}`}</>;
}
