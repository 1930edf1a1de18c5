import { Flex } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { NewHires } from "../../../contracts/dashboard-own";
import { dashboardOwnPaths } from "../../api/dashboard-own";
import { pagePath } from "../../resources";
import { LinkButton } from "../common/LinkButton";
import { formatDay } from "../payroll/format";
import { DashboardCard } from "./DashboardCard";
import { grantedOnly } from "./grantedOnly";
import { CappedList, WidgetRow } from "./WidgetList";
import { useWidget } from "./useWidget";

function HiresList() {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useWidget<NewHires>(dashboardOwnPaths.newHires);
  return (
    <DashboardCard
      title={t("dashboardWidgets.newHires.title")}
      extra={<LinkButton type="link" to={pagePath("users", "list")}>{t("dashboardWidgets.newHires.all")}</LinkButton>}
      loading={loading}
      error={error}
      testId="new-hires"
    >
      {data && (
        <Flex vertical gap={8}>
          <CappedList items={data.items} total={data.total} label={t("dashboardWidgets.newHires.title")} empty={t("dashboardWidgets.newHires.none")}>
            {(person) => (
              <WidgetRow
                key={person.id}
                title={<Link to={pagePath("users", "show", person.id)}>{person.name}</Link>}
                meta={[person.employee_number, person.position, person.department].filter(Boolean).join(" · ")}
              >
                {t("dashboardWidgets.newHires.hired", { date: formatDay(person.hire_date, i18n.language) })}
              </WidgetRow>
            )}
          </CappedList>
        </Flex>
      )}
    </DashboardCard>
  );
}

/**
 * People hired this calendar month (GET /api/dashboard/new-hires), latest
 * first, each leading to their profile. Shown only to those who may see
 * people; on both dashboards.
 */
export const NewHiresCard = grantedOnly("dashboard.newHires", HiresList);
