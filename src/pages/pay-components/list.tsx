import { Tabs } from "antd";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ComponentsList } from "./ComponentsList";
import { OverridesList } from "./OverridesList";
import { RateTablesList } from "./RateTablesList";

const TABS = ["components", "tables", "overrides"] as const;
type Tab = (typeof TABS)[number];

const TAB_LABELS: Record<Tab, string> = { components: "payrollUi.components.tab", tables: "payrollUi.tables.tab", overrides: "payrollUi.overrides.tab" };

const PANELS: Record<Tab, () => React.JSX.Element> = { components: ComponentsList, tables: RateTablesList, overrides: OverridesList };

/**
 * /deductions: what pay is made of. Earnings and deductions (each a fixed
 * amount, a percentage or a formula, tried live on a person), the rate tables
 * formulas look up, and the per-person overrides. The tab is in the address,
 * so a reload or a shared link opens the same one.
 */
export default function PayComponentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: Tab = TABS.find((key) => key === asked) ?? "components";
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === "components" ? {} : { tab: key }, { replace: true })}
      destroyOnHidden
      items={TABS.map((key) => {
        const Panel = PANELS[key];
        return { key, label: t(TAB_LABELS[key]), children: <Panel /> };
      })}
    />
  );
}
