import { Tabs } from "antd";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { HolidaysList } from "./HolidaysList";
import { SchedulesList } from "./SchedulesList";

const TABS = ["schedules", "holidays"] as const;
type Tab = (typeof TABS)[number];

/**
 * /attendance/schedules: when people are due (work schedules and who follows
 * which) and the days nobody is (company holidays). The tab is in the address,
 * so a reload or a shared link opens the same one.
 */
export default function SchedulesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "holidays" ? "holidays" : "schedules";
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === "schedules" ? {} : { tab: key }, { replace: true })}
      destroyOnHidden
      items={TABS.map((key) => ({
        key,
        label: t(`schedulesUi.tabs.${key}`),
        children: key === "schedules" ? <SchedulesList /> : <HolidaysList />,
      }))}
    />
  );
}
