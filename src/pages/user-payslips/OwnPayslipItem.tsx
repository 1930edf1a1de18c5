import { Flex, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { OwnPayslipRow } from "../../../contracts/payslips";
import { Money } from "../../components/common/Money";
import { formatDay, formatPeriod } from "../../components/payroll/format";
import { useRunName } from "../../components/payroll/useRunName";
import { PayslipDownloadButton } from "../../components/payslips/PayslipDownloadButton";
import { ownPayslipPaths } from "./paths";

/**
 * One payslip in the year's list, a card that reads on a phone as on a
 * desktop: its period (the link that opens it), run and pay date, the
 * money, and its PDF.
 */
export function OwnPayslipItem({ row }: { row: OwnPayslipRow }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const nameOf = useRunName();
  const period = formatPeriod(row.period_start, row.period_end, i18n.language);
  const figures = [
    { key: "gross", label: t("payrollUi.payslips.columns.gross"), minor: row.gross },
    { key: "deductions", label: t("payrollUi.payslips.columns.deductions"), minor: row.deductions },
    { key: "net", label: t("payrollUi.payslips.columns.net"), minor: row.net },
  ];
  return (
    <li
      style={{ background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: "12px 16px" }}
    >
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ minWidth: 0, flex: "1 1 180px" }}>
          <Link to={ownPayslipPaths.payslip(row.id)} style={{ fontSize: 16, fontWeight: 600, textDecoration: "underline" }}>
            {period}
          </Link>
          <Typography.Text type="secondary" style={{ display: "block", overflowWrap: "anywhere" }}>
            {nameOf(row.payroll_name)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: "block" }}>
            {t("payrollUi.payslips.columns.pay_date")}
            {t("common.colon")}
            {formatDay(row.pay_date, i18n.language)}
          </Typography.Text>
        </div>
        <dl style={{ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, auto))", columnGap: 16, margin: 0, flex: "1 1 260px" }}>
          {figures.map((figure) => (
            <div key={figure.key} style={{ minWidth: 0 }}>
              <dt style={{ color: token.colorTextDescription, fontSize: 12 }}>{figure.label}</dt>
              <dd style={{ margin: 0, fontVariantNumeric: "tabular-nums", fontWeight: figure.key === "net" ? 600 : undefined, overflowWrap: "anywhere" }}>
                <Money minor={figure.minor} currency={row.currency} />
              </dd>
            </div>
          ))}
        </dl>
        <PayslipDownloadButton payslipId={row.id} aria-label={t("payslipView.downloadNamed", { period })} />
      </Flex>
    </li>
  );
}
