import { useCallback, useEffect, useState } from "react";
import { ArrowLeftOutlined, StopOutlined } from "@ant-design/icons";
import { useInvalidate, useOne, useParsed } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Flex, Steps, Tabs, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { isFinalJobStatus } from "../../../contracts/jobs";
import type { RunRecord } from "../../../contracts/payroll";
import { useResourceAccess } from "../../auth/usePolicy";
import { FullPageSpinner } from "../../components/common/FullPageSpinner";
import { LinkButton } from "../../components/common/LinkButton";
import { StateTag } from "../../components/common/StateTag";
import { JobProgress, useJob } from "../../components/jobs";
import { formatDay, formatPeriod } from "../../components/payroll/format";
import { Figures } from "../../components/payroll/Figures";
import { RunStatusTag } from "../../components/payroll/RunStatusTag";
import { useRunName } from "../../components/payroll/useRunName";
import { formatCount } from "../../i18n/numbers";
import { formatDateTime } from "../../lib/dates";
import { pagePath } from "../../resources";
import { Comparison } from "./Comparison";
import { RunActions, useRunDecisions } from "./RunActions";
import { RunPayslips } from "./RunPayslips";
import { PayrollSheet } from "./PayrollSheet";
import { isBlocking, WarningsList } from "./WarningsList";
import { PageTitle } from "../../components/common/PageTitle";
import { RecordNotFound } from "../../components/common/RecordNotFound";

const TABS = ["payslips", "sheet", "warnings", "comparison"] as const;
type Tab = (typeof TABS)[number];

/** Who the run pays, in words. */
function People({ people }: { people: RunRecord["people"] }) {
  const { t, i18n } = useTranslation();
  if (people === "all") return <>{t("payrollUi.review.people.all")}</>;
  if ("department" in people) return <>{t("payrollUi.review.people.department", { department: people.department })}</>;
  return <>{t("payrollUi.review.people.chosen", { count: people.user_ids.length, formatted: formatCount(people.user_ids.length, i18n.language) })}</>;
}

/** Draft → calculated → approved → released, each step done with who did it and when. */
function Workflow({ run }: { run: RunRecord }) {
  const { t } = useTranslation();
  // Who on one line, when on the next: a narrow step does not break a name or a date in two.
  const stamp = (value: RunRecord["calculated"]) =>
    value && (
      <>
        <span style={{ display: "block" }}>{value.by_name ?? t("payrollUi.review.someone")}</span>
        <time dateTime={value.at}>{formatDateTime(value.at)}</time>
      </>
    );
  const order = ["draft", "calculated", "approved", "released"] as const;
  const current = order.indexOf(run.status);
  return (
    <Steps
      size="small"
      current={current}
      status={run.status === "released" ? "finish" : "process"}
      items={[
        { title: t("payrollUi.review.steps.created"), description: formatDateTime(run.created_at) },
        { title: t("payrollUi.review.steps.calculated"), description: stamp(run.calculated) ?? t("payrollUi.review.steps.notYet") },
        { title: t("payrollUi.review.steps.approved"), description: stamp(run.approved) ?? t("payrollUi.review.steps.notYet") },
        { title: t("payrollUi.review.steps.released"), description: stamp(run.released) ?? t("payrollUi.review.steps.notYet") },
      ]}
    />
  );
}

/** Why this person cannot approve a run that is otherwise ready: four eyes, or warnings that block it. */
function Notices({ run, calculating, blocking, onShowWarnings }: { run: RunRecord; calculating: boolean; blocking: number; onShowWarnings: () => void }) {
  const { t } = useTranslation();
  const decision = useRunDecisions(run)("payroll.approve");
  const runName = useRunName();
  const allowed = useResourceAccess();
  const notices = [];
  if (run.status === "draft" && !calculating) notices.push(<Alert key="draft" type="info" showIcon message={t("payrollUi.review.notices.draft")} />);
  if (blocking > 0 && run.status === "calculated")
    notices.push(
      <Alert
        key="blocking"
        type="error"
        showIcon
        message={t("payrollUi.review.notices.blockedTitle")}
        description={t("payrollUi.review.notices.blocked", { count: blocking, formatted: formatCount(blocking) })}
        action={
          <Button size="small" onClick={onShowWarnings}>
            {t("payrollUi.review.notices.showWarnings")}
          </Button>
        }
      />,
    );
  const { i18n } = useTranslation();
  const day = (date: string) => formatDay(date, i18n.language);
  for (const notice of run.notices) {
    const text =
      notice.kind === "period_misfit"
        ? t("payrollUi.review.notices.periodMisfit", { frequency: t(`settings.payroll.frequencies.${notice.detail}`) })
        : notice.kind === "attendance_incomplete"
          ? notice.detail
            ? t("payrollUi.review.notices.attendanceIncomplete", { date: day(notice.detail), end: day(run.attendance_end) })
            : t("payrollUi.review.notices.attendanceIncompleteNone", { start: day(run.attendance_start), end: day(run.attendance_end) })
          : notice.kind === "leave_pending"
            ? t("payrollUi.review.notices.leavePending", { count: Number(notice.detail), formatted: formatCount(Number(notice.detail)) })
            : t("payrollUi.review.notices.earlierRunOpen", { name: runName(notice.detail) });
    const open =
      notice.run_id !== null ? (
        <LinkButton size="small" to={pagePath("payroll", "show", notice.run_id)}>
          {t("payrollUi.review.notices.openEarlierRun")}
        </LinkButton>
      ) : (
        notice.kind === "leave_pending" &&
        allowed("leave-approvals", "list") && (
          <LinkButton size="small" to={pagePath("leave-approvals", "list")}>
            {t("payrollUi.review.notices.openApprovals")}
          </LinkButton>
        )
      );
    notices.push(<Alert key={`${notice.kind}:${notice.run_id}`} type="warning" showIcon message={text} action={open || undefined} />);
  }
  if (decision !== true && decision.reason === "payroll.runs.approverIsCalculator") notices.push(<Alert key="four-eyes" type="info" showIcon message={t(decision.reason)} />);
  if (run.status === "approved") notices.push(<Alert key="approved" type="info" showIcon message={t("payrollUi.review.notices.approved")} />);
  return notices.length ? <Flex vertical gap={8}>{notices}</Flex> : null;
}

/**
 * /payroll/:id: one run under review. Its state, period and the steps the
 * state allows; the calculation's progress while it runs; the totals, the
 * warnings (blocking ones stop the approval), each payslip with its lines,
 * the run as a sheet (its files, and an import before approval), and each
 * person's pay beside the previous run's; who calculated, approved and
 * released it, and when.
 */
export default function PayrollRunPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParsed();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((key) => key === params.get("tab")) ?? "payslips";
  const setTab = (key: string) => setParams(key === "payslips" ? {} : { tab: key }, { replace: true });
  const invalidate = useInvalidate();
  const nameOf = useRunName();
  const { token } = theme.useToken();
  const { result: run, query } = useOne<RunRecord>({
    resource: "payroll",
    id,
    queryOptions: { enabled: id !== undefined },
    errorNotification: false,
  });
  // Everything on the page hangs off the run: its payslips and comparison reload with it.
  const reload = useCallback(() => void invalidate({ resource: "payroll", invalidates: ["all"] }), [invalidate]);

  // The calculation followed here: the one under way when the page opened, or the one started from it.
  const [followed, setFollowed] = useState<number | null>(null);
  const running = run?.progress ? run.job_id : null;
  if (running !== null && running !== followed) setFollowed(running);
  const jobId = running ?? followed;
  const { job } = useJob(jobId);
  const finished = job !== undefined && isFinalJobStatus(job.status);
  useEffect(() => {
    if (finished) reload();
  }, [finished, job?.id, reload]);
  const calculating = running !== null || (jobId !== null && !finished);

  if (query.isLoading) return <FullPageSpinner />;
  if (!run) return <RecordNotFound message={t("payrollUi.review.notFound")} back={{ to: pagePath("payroll", "list"), label: t("payrollUi.review.back") }} />;
  const blocking = run.warnings.filter(isBlocking).length;
  const language = i18n.language;

  return (
    <Flex vertical gap={16}>
      <div>
        <LinkButton to={pagePath("payroll", "list")} type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
          {t("payrollUi.review.back")}
        </LinkButton>
      </div>
      <Card>
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="start" gap={12} wrap>
            <div style={{ minWidth: 0 }}>
              <PageTitle style={{ margin: 0, overflowWrap: "anywhere" }}>
                {nameOf(run.name)}
              </PageTitle>
              <Flex gap={8} wrap style={{ marginTop: 8 }}>
                <RunStatusTag status={run.status} />
                {run.kind === "off_cycle" && <StateTag tone="info">{t("payrollUi.review.offCycle")}</StateTag>}
              </Flex>
            </div>
            <RunActions run={run} calculating={calculating} blocking={blocking} onCalculationStarted={setFollowed} onChanged={reload} />
          </Flex>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
            <Descriptions.Item label={t("payrollUi.review.period")}>{formatPeriod(run.period_start, run.period_end, language)}</Descriptions.Item>
            {(run.attendance_start !== run.period_start || run.attendance_end !== run.period_end) && (
              <Descriptions.Item label={t("payrollUi.review.attendanceWindow")}>{formatPeriod(run.attendance_start, run.attendance_end, language)}</Descriptions.Item>
            )}
            <Descriptions.Item label={t("payrollUi.review.payDate")}>{formatDay(run.pay_date, language)}</Descriptions.Item>
            <Descriptions.Item label={t("payrollUi.review.who")}>
              <People people={run.people} />
            </Descriptions.Item>
            {run.corrects_id !== null && (
              <Descriptions.Item label={t("payrollUi.review.corrects")}>
                <Link to={pagePath("payroll", "show", run.corrects_id)}>{t("payrollUi.runs.bulk.runNumber", { id: run.corrects_id })}</Link>
              </Descriptions.Item>
            )}
          </Descriptions>
          {jobId !== null && (
            <section aria-label={t("payrollUi.review.progress")}>
              <Typography.Text strong>{t("payrollUi.review.progress")}</Typography.Text>
              <JobProgress jobId={jobId} />
            </section>
          )}
          <Workflow run={run} />
        </Flex>
      </Card>
      <Notices run={run} calculating={calculating} blocking={blocking} onShowWarnings={() => setTab("warnings")} />
      <Figures
        label={t("payrollUi.review.totals")}
        currency={run.currency}
        items={[
          { key: "people", label: t("payrollUi.runs.totals.people"), value: formatCount(run.totals.people, language) },
          { key: "gross", label: t("payrollUi.runs.totals.gross"), minor: run.totals.gross },
          { key: "deductions", label: t("payrollUi.runs.totals.deductions"), minor: run.totals.deductions },
          { key: "net", label: t("payrollUi.runs.totals.net"), minor: run.totals.net, strong: true },
          { key: "employer_cost", label: t("payrollUi.runs.totals.employer_cost"), minor: run.totals.employer_cost },
        ]}
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: "payslips", label: t("payrollUi.review.tabs.payslips", { total: formatCount(run.totals.people, language) }), children: <RunPayslips runId={run.id} /> },
          { key: "sheet", label: t("payrollSheetUi.tab"), children: <PayrollSheet run={run} onImported={reload} /> },
          {
            key: "warnings",
            // Short enough for a phone's tab bar: the blocking ones are an icon with its words for screen readers.
            label: (
              <span>
                {t("payrollUi.review.tabs.warnings", { total: formatCount(run.warnings.length, language) })}
                {blocking > 0 && (
                  <StopOutlined
                    role="img"
                    aria-label={t("payrollUi.review.tabs.blocking", { count: blocking, formatted: formatCount(blocking, language) })}
                    style={{ color: token.colorError, marginInlineStart: 6 }}
                  />
                )}
              </span>
            ),
            children: <WarningsList warnings={run.warnings} />,
          },
          { key: "comparison", label: t("payrollUi.review.tabs.comparison"), children: <Comparison runId={run.id} currency={run.currency} /> },
        ]}
      />
    </Flex>
  );
}
