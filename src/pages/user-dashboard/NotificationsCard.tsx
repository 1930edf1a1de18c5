import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { QuickStats } from "../../../contracts/dashboard-own";
import { LinkButton } from "../../components/common/LinkButton";
import { StateTag } from "../../components/common/StateTag";
import { DashboardCard } from "../../components/dashboard/DashboardCard";
import { WidgetList, WidgetRow } from "../../components/dashboard/WidgetList";
import { formatCount } from "../../i18n/numbers";
import { formatDateTime } from "../../lib/dates";
import { pagePath } from "../../resources";

/** How many notifications are unread, and the latest few, each leading to its page; on to all of them. */
export function NotificationsCard({ stats, loading }: { stats: QuickStats | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const notices = stats?.notifications;
  return (
    <DashboardCard
      title={t("userDashboard.notifications.title")}
      extra={<LinkButton type="link" to={pagePath("notifications", "list")}>{t("notificationsUi.bell.seeAll")}</LinkButton>}
      loading={loading}
      testId="recent-notifications"
    >
      {notices && (
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="unread-count">
            {t("userDashboard.notifications.unread", { count: notices.unread, formatted: formatCount(notices.unread, i18n.language) })}
          </Typography.Paragraph>
          {notices.recent.length === 0 ? (
            <Typography.Text type="secondary">{t("notificationsUi.bell.empty")}</Typography.Text>
          ) : (
            <WidgetList label={t("userDashboard.notifications.recent")}>
              {notices.recent.map((item) => (
                <WidgetRow
                  key={item.id}
                  title={<Link to={pagePath("notifications", "show", item.id)}>{item.title}</Link>}
                  tag={!item.read_at && <StateTag tone="info">{t("notificationsUi.bell.unread")}</StateTag>}
                  meta={<time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>}
                >
                  {item.message}
                </WidgetRow>
              ))}
            </WidgetList>
          )}
        </>
      )}
    </DashboardCard>
  );
}
