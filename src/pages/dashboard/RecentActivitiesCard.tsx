import { useList } from "@refinedev/core";
import { List, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ActivityRecord } from "../../../contracts/activities";
import { LinkButton } from "../../components/common/LinkButton";
import { DashboardCard } from "../../components/dashboard/DashboardCard";
import { formatDateTime } from "../../lib/dates";
import { pagePath } from "../../resources";
import { ActionLabel, SubjectLabel } from "../activities/labels";
import { ItemMeta } from "../../components/common/ItemMeta";

const SHOWN = 8;

/** The latest entries of the system activity log: who did what to which record, and when. */
export function RecentActivitiesCard() {
  const { t } = useTranslation();
  const { result, query } = useList<ActivityRecord>({ resource: "activities", pagination: { currentPage: 1, pageSize: SHOWN }, sorters: [{ field: "created_at", order: "desc" }] });

  return (
    <DashboardCard
      title={t("dashboard.activities.title")}
      extra={<LinkButton size="small" to={pagePath("activities", "list")}>{t("dashboard.activities.open")}</LinkButton>}
      loading={query.isLoading}
      error={query.isError ? query.error.message : undefined}
    >
      <List<ActivityRecord>
        size="small"
        dataSource={result?.data ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{t("dashboard.activities.empty")}</Typography.Text> }}
        renderItem={(activity) => (
          <List.Item>
            <ItemMeta
              title={
                <>
                  <ActionLabel action={activity.action} /> · <SubjectLabel record={activity} />
                </>
              }
              description={
                <>
                  {activity.actor_name ?? t("dashboard.activities.system")} · <time dateTime={activity.created_at}>{formatDateTime(activity.created_at)}</time>
                </>
              }
            />
          </List.Item>
        )}
      />
    </DashboardCard>
  );
}
