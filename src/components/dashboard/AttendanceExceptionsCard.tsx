import { Flex } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AttendanceException, AttendanceExceptions, ExceptionKind } from "../../../contracts/dashboard-own";
import { dashboardPaths } from "../../api/dashboard";
import { formatCount } from "../../i18n/numbers";
import { pagePath } from "../../resources";
import { clockTime } from "../attendance/time";
import { LinkButton } from "../common/LinkButton";
import { StateTag, type StateTone } from "../common/StateTag";
import { useCompanyProfile } from "../company/useCompanyProfile";
import { Figures } from "../payroll/Figures";
import { grantedOnly } from "./grantedOnly";
import { CappedList, WidgetRow } from "./WidgetList";
import { WidgetCard } from "./WidgetCard";

const TONES: Record<ExceptionKind, StateTone> = { late: "warning", absent: "bad", clocked_in_outside: "info", clocked_out_outside: "info" };

/** What happened, in words: when, and how late or how far. */
function useDetail(): (item: AttendanceException) => string {
  const { t, i18n } = useTranslation();
  const { profile } = useCompanyProfile();
  return (item) => {
    const time = clockTime(item.at, profile?.time_zone, i18n.language);
    const minutes = formatCount(item.minutes ?? 0, i18n.language);
    if (item.kind === "late" || item.kind === "absent") return t(`dashboardWidgets.exceptions.details.${item.kind}`, { time, minutes });
    const side = item.kind === "clocked_in_outside" ? "in" : "out";
    return item.distance_m === null
      ? t(`dashboardWidgets.exceptions.details.${side}NoPosition`, { time })
      : t(`dashboardWidgets.exceptions.details.${side}Away`, { time, distance: formatCount(item.distance_m, i18n.language) });
  };
}

function ExceptionsList() {
  const { t, i18n } = useTranslation();
  const detail = useDetail();
  const count = (value: number) => formatCount(value, i18n.language);
  return (
    <WidgetCard<AttendanceExceptions>
      path={dashboardPaths.attendanceExceptions}
      title={t("dashboardWidgets.exceptions.title")}
      extra={<LinkButton type="link" to={pagePath("attendance-reports", "list")}>{t("dashboardWidgets.exceptions.reports")}</LinkButton>}
      testId="attendance-exceptions"
    >
      {(data) => (
        <Flex vertical gap={16}>
          <Figures
            compact
            label={t("dashboardWidgets.exceptions.title")}
            items={[
              { key: "late", label: t("dashboardWidgets.exceptions.counts.late"), value: count(data.counts.late) },
              { key: "absent", label: t("dashboardWidgets.exceptions.counts.absent"), value: count(data.counts.absent) },
              { key: "outside", label: t("dashboardWidgets.exceptions.counts.outside"), value: count(data.counts.outside) },
            ]}
          />
          <CappedList items={data.items} total={data.total} label={t("dashboardWidgets.exceptions.listLabel")} empty={t("dashboardWidgets.exceptions.none")}>
            {(item) => (
              <WidgetRow
                key={`${item.user_id}-${item.kind}`}
                title={<Link to={`${pagePath("user-attendance", "list")}?user_id=${item.user_id}`}>{item.name}</Link>}
                meta={[item.employee_number, item.department].filter(Boolean).join(" · ")}
                tag={<StateTag tone={TONES[item.kind]}>{t(`dashboardWidgets.exceptions.kinds.${item.kind}`)}</StateTag>}
              >
                {detail(item)}
                {item.remote && ` · ${t("dashboardWidgets.exceptions.remote")}`}
              </WidgetRow>
            )}
          </CappedList>
        </Flex>
      )}
    </WidgetCard>
  );
}

/**
 * Today's attendance exceptions (GET /api/dashboard/attendance-exceptions):
 * how many are late, absent and away from the work locations, and the latest
 * of them, each leading to the person's days. Shown only to those who may
 * read anyone's attendance; on both dashboards.
 */
export const AttendanceExceptionsCard = grantedOnly("dashboard.attendanceExceptions", ExceptionsList);
