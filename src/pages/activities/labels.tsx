import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ActivityRecord } from "../../../contracts/activities";
import { subjectWords } from "./changeWording";

/** What was done ("Person updated"), in the reader's language. */
export function ActionLabel({ action }: { action: string }) {
  const { t } = useTranslation();
  return <Typography.Text strong>{t(`activities.actions.${action}`, { defaultValue: action })}</Typography.Text>;
}

/** The subject in words (subjectWords): its kind and its name, never its id. */
export function SubjectLabel({ record }: { record: Pick<ActivityRecord, "subject_type" | "subject_id" | "subject_name"> }) {
  const { t, i18n } = useTranslation();
  return <>{subjectWords(record, t, i18n.language)}</>;
}
