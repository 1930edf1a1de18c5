import { useTranslation } from "react-i18next";
import type { NotificationRecord, NotificationStatus } from "../../../contracts/notifications";
import { statusOf } from "../../components/notifications";
import { StateTag, type StateTone } from "../../components/common/StateTag";

const STATUS_TONE: Record<NotificationStatus, StateTone> = { unread: "info", read: "neutral", archived: "neutral" };

export function StatusTag({ notification }: { notification: Pick<NotificationRecord, "read_at" | "archived_at"> }) {
  const { t } = useTranslation();
  const status = statusOf(notification);
  return <StateTag tone={STATUS_TONE[status]}>{t(`notificationsUi.statuses.${status}`)}</StateTag>;
}

export function TypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`notificationsUi.types.${type}`, { defaultValue: type })}</>;
}

