import { useState } from "react";
import { useCustom } from "@refinedev/core";
import { Alert, Divider, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import type { PayslipEditReply } from "../../../contracts/payslips";
import { payslipPaths } from "../../api/payslips";
import { PayslipAdjustments } from "./PayslipAdjustments";
import { PayslipNote } from "./PayslipNote";

/**
 * What the payroll office may change on a payslip of a run not yet approved:
 * its adjustments and its note, read from the payslip's edit view; each
 * save hands the payslip as the server worked it out again to `onSaved`.
 */
export function PayslipChanges({ payslipId, onSaved }: { payslipId: number; onSaved: (payslip: PayslipEditReply) => void }) {
  const { t } = useTranslation();
  const { result, query } = useCustom<{ data: PayslipEditReply }>({ url: payslipPaths.edit(payslipId), method: "get", errorNotification: false });
  // The reply to the last save is the payslip as it stands now: the forms start again from it.
  const [saved, setSaved] = useState<PayslipEditReply | null>(null);
  const [saves, setSaves] = useState(0);
  const edit = saved ?? result.data?.data;
  if (query.isLoading) return <Skeleton active title={false} />;
  if (!edit) return query.isError ? <Alert type="error" showIcon message={query.error.message} /> : null;
  if (!edit.editable) return <Alert type="info" showIcon message={t("payslipsAdmin.changes.locked")} />;
  const save = (payslip: PayslipEditReply) => {
    setSaved(payslip);
    onSaved(payslip);
  };
  const saveAdjustments = (payslip: PayslipEditReply) => {
    save(payslip);
    setSaves((count) => count + 1);
  };
  return (
    <>
      {/* A new adjustment comes back with its id: the form starts again from the reply, so the next save changes it rather than adding it twice. */}
      <PayslipAdjustments key={saves} edit={edit} onSaved={saveAdjustments} />
      <Divider />
      <PayslipNote edit={edit} onSaved={save} />
    </>
  );
}
