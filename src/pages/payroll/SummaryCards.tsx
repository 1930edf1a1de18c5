import { useCustom } from "@refinedev/core";
import { Flex, Skeleton } from "antd";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { RUN_STATUSES, type summaryStats } from "../../../contracts/payroll";
import { payrollPaths } from "../../api/payroll";
import { Link } from "react-router";
import { Money } from "../../components/common/Money";
import { formatDay } from "../../components/payroll/format";
import { Figures } from "../../components/payroll/Figures";
import { RunStatusTag } from "../../components/payroll/RunStatusTag";
import { useRunName } from "../../components/payroll/useRunName";
import { formatCount } from "../../i18n/numbers";
import { pagePath } from "../../resources";

type SummaryStats = z.infer<typeof summaryStats>;

/**
 * Above the runs: how many runs wait in each state, the last run paid out
 * and the year so far (released runs, in the company's currency).
 */
export function SummaryCards() {
  const { t, i18n } = useTranslation();
  const nameOf = useRunName();
  const { result, query } = useCustom<{ data: SummaryStats }>({ url: payrollPaths.summary, method: "get" });
  const stats = result.data?.data;
  if (query.isLoading) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (!stats) return null;
  const language = i18n.language;
  const last = stats.last_released;
  const ytd = stats.year_to_date;
  const people = (count: number) => t("payrollUi.runs.summary.people", { count, formatted: formatCount(count, language) });
  return (
    <section aria-label={t("payrollUi.runs.summary.title")} style={{ marginBottom: 24 }}>
      <Flex vertical gap={12}>
        <Figures
          label={t("payrollUi.runs.summary.byState")}
          compact
          items={RUN_STATUSES.map((status) => ({
            key: status,
            label: <RunStatusTag status={status} />,
            value: t("payrollUi.runs.summary.runs", { count: stats.runs[status] ?? 0, formatted: formatCount(stats.runs[status] ?? 0, language) }),
          }))}
        />
        <Figures
          label={t("payrollUi.runs.summary.money")}
          currency={stats.currency}
          items={[
            {
              key: "last",
              label: t("payrollUi.runs.summary.lastReleased"),
              value: last ? <Money minor={last.totals.net} currency={stats.currency} /> : t("payrollUi.runs.summary.noneReleased"),
              note: last && (
                <>
                  <Link to={pagePath("payroll", "show", last.id)} style={{ textDecoration: "underline" }}>
                    {nameOf(last.name)}
                  </Link>
                  {" · "}
                  {t("payrollUi.runs.summary.paidOn", { date: formatDay(last.pay_date, language) })}
                  {" · "}
                  {people(last.totals.people)}
                </>
              ),
              strong: true,
            },
            { key: "ytd_gross", label: t("payrollUi.runs.summary.ytdGross"), minor: ytd.gross },
            { key: "ytd_net", label: t("payrollUi.runs.summary.ytdNet"), minor: ytd.net, note: people(ytd.people) },
            { key: "ytd_cost", label: t("payrollUi.runs.summary.ytdEmployerCost"), minor: ytd.employer_cost },
          ]}
        />
      </Flex>
    </section>
  );
}
