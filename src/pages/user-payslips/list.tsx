import { useId } from "react";
import { useCustom } from "@refinedev/core";
import { Alert, Empty, Flex, Select, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { OwnPayslipsReply } from "../../../contracts/payslips";
import { payslipPaths } from "../../api/payslips";
import { FullPageSpinner } from "../../components/common/FullPageSpinner";
import { Figures } from "../../components/payroll/Figures";
import { OwnPayslipDetail } from "./OwnPayslipDetail";
import { OwnPayslipItem } from "./OwnPayslipItem";
import { wholeNumberOf } from "./params";
import { useRunLink } from "./useRunLink";
import { PageTitle, SectionTitle } from "../../components/common/PageTitle";

/** The year's totals and its payslips, latest first. */
function Year({ reply, year }: { reply: OwnPayslipsReply; year: number }) {
  const { t } = useTranslation();
  const totalsId = useId();
  return (
    <Flex vertical gap={16}>
      <section aria-labelledby={totalsId}>
        <SectionTitle id={totalsId} style={{ marginTop: 0 }}>
          {t("userPayslips.totals", { year })}
        </SectionTitle>
        <Figures
          currency={reply.currency}
          items={[
            { key: "gross", label: t("payrollUi.runs.totals.gross"), minor: reply.totals.gross },
            { key: "deductions", label: t("payrollUi.runs.totals.deductions"), minor: reply.totals.deductions },
            { key: "net", label: t("payrollUi.runs.totals.net"), minor: reply.totals.net, strong: true },
          ]}
        />
      </section>
      {reply.payslips.length === 0 ? (
        <Empty description={t("userPayslips.emptyYear", { year })} />
      ) : (
        <ul aria-label={t("userPayslips.listLabel", { year })} style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 12 }}>
          {reply.payslips.map((row) => (
            <OwnPayslipItem key={row.id} row={row} />
          ))}
        </ul>
      )}
    </Flex>
  );
}

/**
 * /user-payslips: the signed-in person's released payslips, a year at a time
 * (the year kept in the address, ?year=, so the way back from a payslip
 * lands on the same year): the year's totals and each payslip with its
 * money and PDF, opening in full (?payslip=). The release notification's
 * link (?run=) opens that run's payslip directly.
 */
export default function UserPayslipsPage() {
  const [params] = useSearchParams();
  const payslip = wholeNumberOf(params.get("payslip"));
  return payslip === undefined ? <OwnPayslipList /> : <OwnPayslipDetail key={payslip} payslipId={payslip} />;
}

/** The year's totals and payslips, with the year picker. */
function OwnPayslipList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const yearPickerId = useId();
  const asked = wholeNumberOf(params.get("year"));
  const { result, query } = useCustom<{ data: OwnPayslipsReply }>({
    url: payslipPaths.own,
    method: "get",
    config: { query: asked === undefined ? {} : { year: asked } },
    errorNotification: false,
    // The year shown stays while the next one loads: the picker keeps its place (and the keyboard's focus).
    queryOptions: { placeholderData: (previous) => previous },
  });
  const reply = result.data?.data;
  const { finding, missing } = useRunLink(reply);
  if (finding) return <FullPageSpinner label={t("userPayslips.finding")} />;
  return (
    <Flex vertical gap={16}>
      <div>
        <PageTitle style={{ marginTop: 0 }}>
          {t("userPayslips.title")}
        </PageTitle>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t("userPayslips.intro")}
        </Typography.Paragraph>
      </div>
      {missing && <Alert type="warning" showIcon message={t("userPayslips.runMissing")} />}
      {query.isLoading ? (
        <Skeleton active title={false} />
      ) : query.isError ? (
        <Alert type="error" showIcon message={query.error.message} />
      ) : !reply || reply.year === null || reply.years.length === 0 ? (
        <Empty description={t("userPayslips.empty")} />
      ) : (
        <>
          <Flex align="center" gap={8} wrap>
            <label htmlFor={yearPickerId}>{t("userPayslips.year")}</label>
            <Select
              id={yearPickerId}
              value={asked ?? reply.year}
              onChange={(year: number) => setParams({ year: String(year) })}
              options={reply.years.map((year) => ({ value: year, label: String(year) }))}
              style={{ width: 120 }}
            />
          </Flex>
          <div aria-busy={query.isFetching} style={{ opacity: query.isFetching ? 0.6 : 1 }}>
            <Year reply={reply} year={reply.year} />
          </div>
        </>
      )}
    </Flex>
  );
}
