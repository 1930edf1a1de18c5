import { useState } from "react";
import { CalculatorOutlined, CheckOutlined, DeleteOutlined, DiffOutlined, RollbackOutlined, SendOutlined } from "@ant-design/icons";
import { useDelete } from "@refinedev/core";
import { Alert, Button, Modal, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatMoney } from "../../../contracts/money";
import { openAttendanceDays } from "../../../contracts/pay-periods";
import { reopenBody, type RunRecord } from "../../../contracts/payroll";
import { decide, type Action, type Decision } from "../../../contracts/policies";
import { payrollApi } from "../../api/payroll";
import { useAuthState } from "../../auth/store";
import { usePolicy, useResourceAccess } from "../../auth/usePolicy";
import { writeNotifications, zodRules } from "../../components/form";
import { ReasonDialog } from "../../components/form/ReasonDialog";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { formatDay, runSubject } from "../../components/payroll/format";
import { useRunName } from "../../components/payroll/useRunName";
import { findLanguage } from "../../i18n/languages";
import { formatCount } from "../../i18n/numbers";
import { toast } from "../../lib/toast";
import { pagePath } from "../../resources";
import { actorOf } from "../../resources/access";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { todayIn } from "../../i18n/calendar";
import { useToastAction } from "../../components/common/useToastAction";
import { CreateRunDialog } from "./CreateRunDialog";

const RULES = zodRules(reopenBody.shape);

type RunAction = Extract<Action, "payroll.calculate" | "payroll.approve" | "payroll.reopen" | "payroll.release">;

/** The policy's answer for each step of this run, as the server will give it: true, or why not. */
export function useRunDecisions(run: RunRecord): (action: RunAction) => Decision {
  const auth = useAuthState();
  const actor = actorOf(auth);
  return (action) => (actor ? decide(actor, action, runSubject(run)) : { reason: "errors.forbidden" });
}

/** "38 people, net ₱1,442,281.59": what an approval or a release is about. */
function useWhatIsPaid(run: RunRecord) {
  const { t, i18n } = useTranslation();
  const locale = findLanguage(i18n.language)?.htmlLang;
  const name = useRunName()(run.name);
  return {
    name,
    people: formatCount(run.totals.people, i18n.language),
    count: run.totals.people,
    net: formatMoney(run.totals.net, run.currency, locale),
    payDate: formatDay(run.pay_date, i18n.language),
    t,
  };
}

/** Taking an approval back needs a reason, kept in the activity log. */
function ReopenDialog({ run, open, onClose, onDone }: { run: RunRecord; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const name = useRunName()(run.name);
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      name="payroll-reopen"
      title={t("payrollUi.review.reopen.title", { name })}
      explains={t("payrollUi.review.reopen.explains")}
      label={t("payrollUi.review.reopen.reason")}
      hint={t("payrollUi.review.reopen.reasonHint")}
      submitLabel={t("payrollUi.review.reopen.submit")}
      icon={<RollbackOutlined aria-hidden />}
      rules={RULES.reason}
      submit={async (reason) => {
        const reply = await payrollApi.reopen(run.id, reason);
        toast("success", reply.message);
        onClose();
        onDone();
      }}
    />
  );
}

/** Releasing pays people and tells them: said in full before it happens, with the attendance days still open. */
function ReleaseDialog({ run, open, onClose, onDone }: { run: RunRecord; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t, name, people, count, net, payDate } = useWhatIsPaid(run);
  const { i18n } = useTranslation();
  // The days of its attendance not over yet, named here: releasing from this dialog is the confirmation the server asks for.
  const openDays = openAttendanceDays(run, todayIn(useCompanyProfile().profile?.time_zone));
  const { busy, run: release } = useToastAction(() => payrollApi.release(run.id, openDays !== null), { onSuccess: onClose, onSettled: onDone });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t("payrollUi.review.release.title", { name })}
      okText={t("payrollUi.review.release.submit")}
      okButtonProps={{ icon: <SendOutlined aria-hidden />, loading: busy }}
      onOk={release}
      destroyOnHidden
    >
      <Typography.Paragraph>{t("payrollUi.review.release.pays", { count, people, net, date: payDate })}</Typography.Paragraph>
      <Typography.Paragraph strong>{t("payrollUi.review.release.notifies", { count, people })}</Typography.Paragraph>
      <Typography.Paragraph>{t("payrollUi.review.release.final")}</Typography.Paragraph>
      {openDays && (
        <Alert
          type="warning"
          showIcon
          message={t("payrollUi.review.release.openDays", { from: formatDay(openDays.from, i18n.language), to: formatDay(openDays.to, i18n.language) })}
        />
      )}
    </Modal>
  );
}

export interface RunActionsProps {
  run: RunRecord;
  /** A calculation is queued or running: nothing else may start meanwhile. */
  calculating: boolean;
  blocking: number;
  onCalculationStarted: (jobId: number | null) => void;
  /** Something changed (or was refused because it had): reload the run and what hangs off it. */
  onChanged: () => void;
}

/**
 * The steps the run's state allows this person, exactly as the policy
 * decides them for the server: calculate or recalculate (draft, calculated),
 * approve (calculated, nothing blocking, and not one's own calculation when
 * settings ask for four eyes), reopen with a reason and release (approved),
 * delete (draft, calculated); a correction run of a released run (creators),
 * the run itself staying as it was paid.
 */
export function RunActions({ run, calculating, blocking, onCalculationStarted, onChanged }: RunActionsProps) {
  const { t, name, people, count, net } = useWhatIsPaid(run);
  const navigate = useNavigate();
  const decision = useRunDecisions(run);
  const allowed = useResourceAccess();
  const policy = usePolicy();
  const { mutate: remove, mutation: removal } = useDelete();
  const [busy, setBusy] = useState<"calculate" | "approve" | null>(null);
  const [dialog, setDialog] = useState<"reopen" | "release" | "correct" | null>(null);
  const may = (action: RunAction) => decision(action) === true;

  const step = async (name: "calculate" | "approve") => {
    setBusy(name);
    try {
      if (name === "calculate") {
        const reply = await payrollApi.calculate(run.id);
        toast("success", reply.message);
        onCalculationStarted(reply.data.job_id);
      } else {
        const reply = await payrollApi.approve(run.id);
        toast("success", reply.message);
      }
    } catch (failure) {
      toast("error", failure instanceof Error ? failure.message : t("errors.other"));
    } finally {
      setBusy(null);
      onChanged();
    }
  };

  const recalculating = run.status === "calculated";
  const calculate = (onClick?: () => void) => (
    <Button type={run.status === "draft" ? "primary" : "default"} icon={<CalculatorOutlined aria-hidden />} loading={busy === "calculate" || calculating} onClick={onClick}>
      {t(recalculating ? "payrollUi.review.actions.recalculate" : "payrollUi.review.actions.calculate")}
    </Button>
  );

  return (
    <Space wrap>
      {may("payroll.calculate") &&
        (calculating ? (
          calculate()
        ) : recalculating ? (
          <ConfirmAction
            title={t("payrollUi.review.recalculate.title")}
            description={t("payrollUi.review.recalculate.explains")}
            okText={t("payrollUi.review.actions.recalculate")}
            onConfirm={() => step("calculate")}
          >
            {calculate()}
          </ConfirmAction>
        ) : (
          calculate(() => void step("calculate"))
        ))}
      {may("payroll.approve") && !calculating && blocking === 0 && (
        <ConfirmAction
          title={t("payrollUi.review.approve.title", { name })}
          description={t("payrollUi.review.approve.explains", { count, people, net })}
          okText={t("payrollUi.review.actions.approve")}
          onConfirm={() => step("approve")}
        >
          <Button type="primary" icon={<CheckOutlined aria-hidden />} loading={busy === "approve"}>
            {t("payrollUi.review.actions.approve")}
          </Button>
        </ConfirmAction>
      )}
      {may("payroll.reopen") && (
        <Button icon={<RollbackOutlined aria-hidden />} onClick={() => setDialog("reopen")}>
          {t("payrollUi.review.actions.reopen")}
        </Button>
      )}
      {may("payroll.release") && (
        <Button type="primary" icon={<SendOutlined aria-hidden />} onClick={() => setDialog("release")}>
          {t("payrollUi.review.actions.release")}
        </Button>
      )}
      {run.status === "released" && policy("payroll.create") && (
        <Button icon={<DiffOutlined aria-hidden />} onClick={() => setDialog("correct")}>
          {t("payrollUi.review.actions.correct")}
        </Button>
      )}
      {allowed("payroll", "delete", run) && !calculating && (
        <ConfirmAction
          title={t("payrollUi.runs.deleteConfirm", { name })}
          description={t("payrollUi.runs.deleteExplains")}
          okText={t("common.delete")}
          danger
          onConfirm={() => remove({ resource: "payroll", id: run.id, ...writeNotifications }, { onSuccess: () => navigate(pagePath("payroll", "list")) })}
        >
          <Button danger icon={<DeleteOutlined aria-hidden />} loading={removal.isPending}>
            {t("payrollUi.review.actions.delete")}
          </Button>
        </ConfirmAction>
      )}
      <ReopenDialog run={run} open={dialog === "reopen"} onClose={() => setDialog(null)} onDone={onChanged} />
      <ReleaseDialog run={run} open={dialog === "release"} onClose={() => setDialog(null)} onDone={onChanged} />
      {run.status === "released" && <CreateRunDialog open={dialog === "correct"} onClose={() => setDialog(null)} corrects={run} />}
    </Space>
  );
}
