import { useId, useState } from "react";
import { QuestionCircleOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Alert, Button, Collapse, Flex, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { LineExplanation, PayslipDetail, PayslipLine, TableReading } from "../../../contracts/payroll";
import { payslipPaths } from "../../api/payslips";
import { formatMajor, formatRate } from "../../i18n/numbers";
import { Code } from "../common/Code";
import { Money } from "../common/Money";
import { calculationText } from "../payroll/calculationText";
import { FormulaInputs } from "../payroll/FormulaInputs";
import { PAYSLIP_SECTIONS } from "./PayslipLines";

/** A table reading in words: the row that answered and its arithmetic, in the reader's number format. */
function readingText(reading: TableReading, currency: string, t: (key: string, values?: Record<string, string>) => string, language: string): string {
  const money = (text: string) => formatMajor(text, currency, language, 4);
  const { row } = reading;
  if (row === null) return t("payslipExplain.table.noRow", { result: money(reading.result) });
  if ("over" in row) return t("payslipExplain.table.progressive", { over: money(row.over), base: money(row.base), rate: formatRate(row.rate, language), x: money(reading.x), result: money(reading.result) });
  if (row.to === null) return t("payslipExplain.table.openBand", { from: money(row.from), result: money(reading.result) });
  return t("payslipExplain.table.band", { from: money(row.from), to: money(row.to), result: money(reading.result) });
}

/** How one line came about: its calculation or what was set for the person, what it read, and the table rows it used. */
function LineAccount({ line, explanation, currency, nameOf }: { line: PayslipLine; explanation: LineExplanation; currency: string; nameOf: (code: string) => string }) {
  const { t, i18n } = useTranslation();
  const inputs = [...explanation.reads, ...explanation.month_to_date.map(({ code, value }) => ({ name: `mtd("${code}")`, value }))];
  const { calculation } = explanation;
  const how = () => {
    switch (explanation.source) {
      case "adjustment":
        return <Typography.Text>{t("payslipExplain.adjustment")}</Typography.Text>;
      case "override_amount":
        return <Typography.Text>{t("payslipExplain.overrideAmount", { amount: formatMajor(explanation.override ?? "0", currency, i18n.language) })}</Typography.Text>;
      default:
        return (
          <Flex vertical gap={4}>
            {explanation.source === "override_rate" && (
              <Typography.Text>{t("payslipExplain.overrideRate", { rate: formatRate(explanation.override ?? "0", i18n.language) })}</Typography.Text>
            )}
            {calculation?.type === "formula" ? (
              <Typography.Text>
                {t("payslipExplain.formula")}{" "}
                <Code>
                  <span style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{calculation.expression}</span>
                </Code>
              </Typography.Text>
            ) : (
              calculation && <Typography.Text>{calculationText(calculation, t, i18n.language, currency)}</Typography.Text>
            )}
          </Flex>
        );
    }
  };
  return (
    <Flex vertical gap={12}>
      {how()}
      {explanation.source !== "adjustment" && explanation.source !== "override_amount" && (
        <FormulaInputs inputs={inputs} currency={currency} nameOf={nameOf} label={t("payslipExplain.readsOf", { name: line.name })} />
      )}
      {explanation.tables.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {explanation.tables.map((reading, index) => (
            <li key={index}>
              <Code>{`table("${reading.code}", ${formatMajor(reading.x, currency, i18n.language, 4)})`}</Code>
              {t("payslipExplain.table.gave", { how: readingText(reading, currency, t, i18n.language) })}
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}

/** Every line of the payslip by section, each opening onto how it was worked out. */
function Explanation({ payslipId }: { payslipId: number }) {
  const { t } = useTranslation();
  const { result, query } = useCustom<{ data: PayslipDetail }>({ url: payslipPaths.one(payslipId), method: "get", errorNotification: false });
  const detail = result.data?.data;
  if (query.isLoading) return <Skeleton active title={false} />;
  if (!detail) return query.isError ? <Alert type="error" showIcon message={query.error.message} /> : null;
  if (!detail.explanation) return <Alert type="info" showIcon message={t("payslipExplain.none")} />;
  const accounts = detail.explanation;
  const nameOf = (code: string) => detail.lines.find((line) => line.code === code)?.name ?? "";
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t("payslipExplain.intro")}</Typography.Text>
      {PAYSLIP_SECTIONS.map((kind) => {
        const lines = detail.lines.flatMap((line) => {
          const explanation = line.kind === kind && accounts.find((account) => account.code === line.code && account.kind === line.kind);
          return explanation ? [{ line, explanation }] : [];
        });
        if (lines.length === 0) return null;
        return (
          // A group, not a landmark: the payslip above already has an "Earnings" region, and two would be told apart by nothing.
          <div key={kind} role="group" aria-label={t(`payrollUi.payslips.sections.${kind}`)}>
            <Typography.Text strong>{t(`payrollUi.payslips.sections.${kind}`)}</Typography.Text>
            <Collapse
              size="small"
              style={{ marginTop: 8 }}
              items={lines.map(({ line, explanation }) => ({
                key: line.code,
                label: (
                  <Flex justify="space-between" gap={12} wrap>
                    <span>{line.name}</span>
                    <Money minor={line.amount} currency={detail.currency} />
                  </Flex>
                ),
                children: <LineAccount line={line} explanation={explanation} currency={detail.currency} nameOf={nameOf} />,
              }))}
            />
          </div>
        );
      })}
    </Flex>
  );
}

/**
 * "How was this worked out?": on demand, each line of the payslip with the formula it followed, the figures it read (this
 * payslip's, and what the month's earlier runs paid) and the table rows it used, as they were when it was calculated.
 */
export function PayslipExplanation({ payslipId }: { payslipId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Flex vertical gap={12} align="stretch">
      <div>
        <Button
          id={`${id}-ask`}
          type="link"
          icon={<QuestionCircleOutlined aria-hidden />}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
          style={{ paddingInline: 0, whiteSpace: "normal", height: "auto", textAlign: "start" }}
        >
          {t("payslipExplain.open")}
        </Button>
      </div>
      <div id={`${id}-panel`} role={open ? "region" : undefined} aria-labelledby={open ? `${id}-ask` : undefined}>
        {open && <Explanation payslipId={payslipId} />}
      </div>
    </Flex>
  );
}
