import { Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ClockedInReply } from "../../../contracts/dashboard";
import { clockTime } from "../../components/attendance/time";
import { StateTag } from "../../components/common/StateTag";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { dashboardPaths } from "../../api/dashboard";
import { WidgetCard } from "../../components/dashboard/WidgetCard";
import { ListFooter } from "../../components/dashboard/WidgetList";

type Person = ClockedInReply["items"][number];

/** Who is clocked in now, the longest in first: since when, on a break or working, and where. */
export function ClockedInCard() {
  const { t, i18n } = useTranslation();
  const { profile } = useCompanyProfile();
  const time = (iso: string) => <time dateTime={iso}>{clockTime(iso, profile?.time_zone, i18n.language)}</time>;

  return (
    <WidgetCard<ClockedInReply> path={dashboardPaths.clockedIn} title={t("dashboard.clockedIn.title")}>
      {({ items: people, total }) => (
        <>
          {people.length === 0 ? (
            <Typography.Text type="secondary">{t("dashboard.clockedIn.empty")}</Typography.Text>
          ) : (
            <Table<Person>
              rowKey="user_id"
              size="small"
              pagination={false}
              dataSource={people}
              scroll={{ x: "max-content", y: 360 }}
              columns={[
                { key: "name", title: t("dashboard.clockedIn.person"), render: (_, person) => person.name },
                { key: "department", title: t("dashboard.charts.department"), responsive: ["md"], render: (_, person) => person.department ?? "—" },
                { key: "since", title: t("dashboard.clockedIn.since"), render: (_, person) => time(person.since) },
                {
                  key: "state",
                  title: t("dashboard.clockedIn.state"),
                  render: (_, person) =>
                    person.on_break_since ? <StateTag tone="warning">{t("dashboard.clockedIn.onBreak")}</StateTag> : <StateTag tone="good">{t("dashboard.clockedIn.working")}</StateTag>,
                },
                {
                  key: "where",
                  title: t("dashboard.clockedIn.where"),
                  responsive: ["sm"],
                  render: (_, person) => person.location ?? (person.remote ? t("attendanceUi.timeline.remote") : "—"),
                },
              ]}
            />
          )}
          <ListFooter shown={people.length} total={total} />
        </>
      )}
    </WidgetCard>
  );
}
