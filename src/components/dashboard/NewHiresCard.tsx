import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { NewHires } from "../../../contracts/dashboard-own";
import { dashboardPaths } from "../../api/dashboard";
import { pagePath } from "../../resources";
import { LinkButton } from "../common/LinkButton";
import { formatDay } from "../payroll/format";
import { grantedOnly } from "./grantedOnly";
import { CappedList, WidgetRow } from "./WidgetList";
import { WidgetCard } from "./WidgetCard";

function HiresList() {
  const { t, i18n } = useTranslation();
  return (
    <WidgetCard<NewHires>
      path={dashboardPaths.newHires}
      title={t("dashboardWidgets.newHires.title")}
      extra={<LinkButton type="link" to={pagePath("users", "list")}>{t("dashboardWidgets.newHires.all")}</LinkButton>}
      testId="new-hires"
    >
      {(data) => (
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
      )}
    </WidgetCard>
  );
}

/**
 * People hired this calendar month (GET /api/dashboard/new-hires), latest
 * first, each leading to their profile. Shown only to those who may see
 * people; on both dashboards.
 */
export const NewHiresCard = grantedOnly("dashboard.newHires", HiresList);
