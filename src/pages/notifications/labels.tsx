import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { NotificationRecord, NotificationStatus } from "../../../contracts/notifications";
import { statusOf } from "../../components/notifications";
import { STATE_COLOURS } from "../../theme/presets";

const STATUS_COLOUR: Record<NotificationStatus, string> = { unread: STATE_COLOURS.info, read: STATE_COLOURS.neutral, archived: STATE_COLOURS.neutral };

export function StatusTag({ notification }: { notification: Pick<NotificationRecord, "read_at" | "archived_at"> }) {
  const { t } = useTranslation();
  const status = statusOf(notification);
  return <Tag color={STATUS_COLOUR[status]}>{t(`notificationsUi.statuses.${status}`)}</Tag>;
}

export function TypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`notificationsUi.types.${type}`, { defaultValue: type })}</>;
}

