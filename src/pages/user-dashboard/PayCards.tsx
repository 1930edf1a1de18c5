import { Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { QuickStats } from "../../../contracts/dashboard-own";
import { LinkButton } from "../../components/common/LinkButton";
import { Money } from "../../components/common/Money";
import { DashboardCard } from "../../components/dashboard/DashboardCard";
import { Figures } from "../../components/payroll/Figures";
import { formatDay, formatPeriod } from "../../components/payroll/format";
import { formatCount } from "../../i18n/numbers";
import { ROUTES } from "../../routing/guards";

/** The latest payslip released to one: its net pay, period and pay date, and the way to it (/user-payslips?run= opens it). */
export function LatestPayslipCard({ stats, loading }: { stats: QuickStats | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const payslip = stats?.latest_payslip;
  return (
    <DashboardCard
      title={t("userDashboard.payslip.title")}
      extra={payslip && <LinkButton type="link" to={`${ROUTES.userPayslips}?run=${payslip.payroll_id}`}>{t("userDashboard.payslip.open")}</LinkButton>}
      loading={loading}
      testId="latest-payslip"
    >
      {stats &&
        (payslip ? (
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{t("payrollUi.runs.totals.net")}</Typography.Text>
            <Typography.Text strong style={{ fontSize: 24 }} data-testid="latest-net">
              <Money minor={payslip.net} currency={payslip.currency} />
            </Typography.Text>
            <Typography.Text>{formatPeriod(payslip.period_start, payslip.period_end, i18n.language)}</Typography.Text>
            <Typography.Text type="secondary">{t("userDashboard.payslip.paid", { date: formatDay(payslip.pay_date, i18n.language) })}</Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t("userDashboard.payslip.none")}</Typography.Text>
        ))}
    </DashboardCard>
  );
}

/**
 * This calendar year's pay over the payslips released so far: gross, deductions and net, and how many
 * payslips, once per currency paid in (amounts in different currencies are never added up).
 */
export function YearToDateCard({ stats, loading }: { stats: QuickStats | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const ytd = stats?.year_to_date;
  return (
    <DashboardCard
      title={t("userDashboard.yearToDate.title", { year: ytd?.year ?? "" })}
      extra={ytd && <LinkButton type="link" to={`${ROUTES.userPayslips}?year=${ytd.year}`}>{t("userDashboard.yearToDate.all")}</LinkButton>}
      loading={loading}
      testId="year-to-date"
    >
      {ytd &&
        (ytd.totals.length === 0 ? (
          <Typography.Text type="secondary">{t("userDashboard.yearToDate.none", { year: ytd.year })}</Typography.Text>
        ) : (
          <Flex vertical gap={16}>
            {ytd.totals.map((total) => (
              <Flex vertical gap={8} key={total.currency} data-currency={total.currency}>
                <Figures
                  compact
                  currency={total.currency}
                  items={[
                    { key: "gross", label: t("payrollUi.runs.totals.gross"), minor: total.gross },
                    { key: "deductions", label: t("payrollUi.runs.totals.deductions"), minor: total.deductions },
                    { key: "net", label: t("payrollUi.runs.totals.net"), minor: total.net, strong: true },
                  ]}
                />
                <Typography.Text type="secondary">{t("userDashboard.yearToDate.payslips", { count: total.payslips, formatted: formatCount(total.payslips, i18n.language) })}</Typography.Text>
              </Flex>
            ))}
          </Flex>
        ))}
    </DashboardCard>
  );
}
