import { useId, type ReactNode } from "react";
import { Alert, Descriptions, Flex, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import type { PayslipDocument } from "../../../contracts/payslips";
import { formatDateTime } from "../../lib/dates";
import { useCompanyProfile } from "../company/useCompanyProfile";
import { Figures } from "../payroll/Figures";
import { formatDay, formatPeriod } from "../payroll/format";
import { useRunName } from "../payroll/useRunName";
import { FALLBACK_LANGUAGE, findLanguage } from "../../i18n/languages";
import { NetInWords } from "./NetInWords";
import { PayslipInputsView } from "./PayslipInputsView";
import { PAYSLIP_SECTIONS, PayslipLines } from "./PayslipLines";

/** A titled part of the document. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={3} id={id} style={{ marginTop: 0, fontSize: 16 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** Who issues the payslip: logo, name, address and the numbers it is registered under. */
function Company({ company }: { company: PayslipDocument["company"] }) {
  const { t } = useTranslation();
  const { profile } = useCompanyProfile();
  const logo = company.has_logo ? profile?.logo_url : null;
  return (
    <Flex gap={12} align="start" style={{ minWidth: 0 }}>
      {/* The name stands beside it: the logo says nothing more to a screen reader. */}
      {logo && <img src={logo} alt="" height={48} style={{ display: "block", maxWidth: 160, objectFit: "contain" }} />}
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong style={{ display: "block", fontSize: 16, overflowWrap: "anywhere" }}>
          {company.name}
        </Typography.Text>
        {company.address.map((line, index) => (
          <Typography.Text key={index} type="secondary" style={{ display: "block" }}>
            {line}
          </Typography.Text>
        ))}
        {company.registration_number && (
          <Typography.Text type="secondary" style={{ display: "block" }}>
            {t("settings.company.fields.registration_number")}
            {t("common.colon")}
            {company.registration_number}
          </Typography.Text>
        )}
        {company.tax_number && (
          <Typography.Text type="secondary" style={{ display: "block" }}>
            {t("settings.company.fields.tax_number")}
            {t("common.colon")}
            {company.tax_number}
          </Typography.Text>
        )}
      </div>
    </Flex>
  );
}

/** Whom it pays: the person as their record stood when the run was made; what is not on record is left out. */
function Person({ person }: { person: PayslipDocument["person"] }) {
  const { t } = useTranslation();
  const bank = [person.bank_name, person.bank_account_masked].filter(Boolean).join(" ");
  const items = [
    { key: "name", label: t("payslipView.employee"), children: person.name },
    { key: "number", label: t("employees.fields.employee_number"), children: person.employee_number },
    { key: "department", label: t("payrollUi.payslips.columns.department"), children: person.department },
    { key: "position", label: t("employees.fields.position"), children: person.position },
    { key: "tax", label: t("employees.fields.tax_id"), children: person.tax_id },
    { key: "bank", label: t("employees.fields.bank_account"), children: bank || null },
  ].filter((item) => item.children);
  return <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />;
}

/**
 * A payslip as it reads on paper, in the reader's language: the company and
 * the person, the period and pay date, earnings, deductions and the
 * employer's contributions with their year to date, the totals with the net
 * in words, the year's figures, the attendance behind them and the payroll
 * office's note. A withdrawn payslip says so first: it is no longer to be
 * relied on. The same document the PDF prints (contracts/payslips.ts).
 */
export function PayslipDocumentView({ document }: { document: PayslipDocument }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const nameOf = useRunName();
  const titleId = useId();
  const language = i18n.language;
  const { currency, run, year_to_date: ytd } = document;
  return (
    <Flex vertical gap={16}>
      {document.withdrawn && (
        <Alert
          type="error"
          showIcon
          message={t("payslipView.withdrawn.title")}
          description={t("payslipView.withdrawn.body", { date: formatDateTime(document.withdrawn.at), reason: document.withdrawn.reason })}
        />
      )}
      <article
        aria-labelledby={titleId}
        data-testid="payslip-document"
        style={{
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          padding: "clamp(12px, 3vw, 24px)",
          minWidth: 0,
        }}
      >
        <Flex vertical gap={24}>
          <Flex justify="space-between" align="start" gap={16} wrap>
            <Company company={document.company} />
            <div style={{ minWidth: 0 }}>
              <Typography.Title level={2} id={titleId} style={{ margin: 0, fontSize: 20 }}>
                {t("payslipView.title")}
              </Typography.Title>
              <Typography.Text type="secondary" style={{ display: "block", overflowWrap: "anywhere" }}>
                {nameOf(run.name)}
              </Typography.Text>
              <dl style={{ display: "grid", gridTemplateColumns: "auto auto", justifyContent: "start", columnGap: 8, margin: "8px 0 0" }}>
                <dt style={{ color: token.colorTextDescription }}>{t("payrollUi.payslips.columns.period")}</dt>
                <dd style={{ margin: 0 }}>{formatPeriod(run.period_start, run.period_end, language)}</dd>
                <dt style={{ color: token.colorTextDescription }}>{t("payrollUi.payslips.columns.pay_date")}</dt>
                <dd style={{ margin: 0 }}>{formatDay(run.pay_date, language)}</dd>
              </dl>
            </div>
          </Flex>
          <Person person={document.person} />
          <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 340px), 1fr))", gap: 24 }}>
            {PAYSLIP_SECTIONS.map((kind) => (
              <PayslipLines key={kind} kind={kind} lines={document.lines.filter((line) => line.kind === kind)} currency={currency} yearToDate={ytd.lines} headingLevel={3} />
            ))}
          </div>
          <Part title={t("payslipView.summary")}>
            <Flex vertical gap={12}>
              <Figures
                currency={currency}
                items={[
                  { key: "gross", label: t("payrollUi.runs.totals.gross"), minor: document.gross },
                  { key: "deductions", label: t("payrollUi.runs.totals.deductions"), minor: document.deductions },
                  { key: "net", label: t("payrollUi.runs.totals.net"), minor: document.net, strong: true },
                ]}
              />
              <NetInWords minor={document.net} currency={currency} language={findLanguage(language)?.code ?? FALLBACK_LANGUAGE} />
            </Flex>
          </Part>
          <Part title={t("payslipView.yearToDateTitle", { year: run.pay_date.slice(0, 4) })}>
            <Figures
              compact
              currency={currency}
              items={[
                { key: "ytd-gross", label: t("payrollUi.runs.totals.gross"), minor: ytd.gross },
                { key: "ytd-deductions", label: t("payrollUi.runs.totals.deductions"), minor: ytd.deductions },
                { key: "ytd-net", label: t("payrollUi.runs.totals.net"), minor: ytd.net },
                { key: "ytd-taxable", label: t("payrollUi.payslips.taxable"), minor: ytd.taxable },
              ]}
            />
          </Part>
          <PayslipInputsView inputs={document.inputs} currency={currency} taxable={document.taxable} headingLevel={3} />
          {document.note && (
            <Part title={t("payslipView.note")}>
              <Typography.Paragraph style={{ whiteSpace: "pre-line", marginBottom: 0 }}>{document.note}</Typography.Paragraph>
            </Part>
          )}
        </Flex>
      </article>
    </Flex>
  );
}
