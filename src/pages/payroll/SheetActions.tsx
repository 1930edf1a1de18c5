import { useState } from "react";
import { BankOutlined, FileExcelOutlined, FileTextOutlined, FileZipOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { RunRecord } from "../../../contracts/payroll";
import { payrollSheetApi, payrollSheetPaths } from "../../api/payroll-sheet";
import { payslipPaths } from "../../api/payslips";
import { usePolicy } from "../../auth/usePolicy";
import { DownloadButton } from "../../components/payroll/DownloadButton";
import { runSubject } from "../../components/payroll/format";
import { formatCount } from "../../i18n/numbers";
import { toast, TOAST_LIFE } from "../../lib/toast";
import { ImportSheetDialog } from "./ImportSheetDialog";

/**
 * The sheet's files and its import, each shown as the policy allows it for
 * this run: the sheet as XLSX or CSV and the payslips' ZIP to its readers,
 * the bank file once released to those who release pay, and an import in
 * place of the payslips before approval to those who prepare payroll.
 */
export function SheetActions({ run, onImported }: { run: RunRecord; onImported: () => void }) {
  const { t, i18n } = useTranslation();
  const may = usePolicy();
  const subject = runSubject(run);
  const [importing, setImporting] = useState(false);
  const bankFile = async () => {
    const missing = await payrollSheetApi.bankFile(run.id);
    if (missing > 0) toast("warn", t("payrollSheetUi.bankFile.missingTitle"), t("payrollSheetUi.bankFile.missing", { count: missing, formatted: formatCount(missing, i18n.language) }), TOAST_LIFE.long);
  };
  return (
    <Space wrap role="group" aria-label={t("payrollSheetUi.actions")}>
      {may("payroll.sheet", subject) && (
        <>
          <DownloadButton from={payrollSheetPaths.file(run.id)} params={{ format: "xlsx" }} icon={<FileExcelOutlined aria-hidden />}>
            {t("payrollSheetUi.download.xlsx")}
          </DownloadButton>
          <DownloadButton from={payrollSheetPaths.file(run.id)} params={{ format: "csv" }} icon={<FileTextOutlined aria-hidden />}>
            {t("payrollSheetUi.download.csv")}
          </DownloadButton>
        </>
      )}
      {may("payroll.bankFile", subject) && (
        <DownloadButton from={bankFile} icon={<BankOutlined aria-hidden />}>
          {t("payrollSheetUi.bankFile.button")}
        </DownloadButton>
      )}
      {may("payroll.payslipsZip", subject) && (
        <DownloadButton from={payslipPaths.runZip(run.id)} icon={<FileZipOutlined aria-hidden />}>
          {t("payrollSheetUi.download.zip")}
        </DownloadButton>
      )}
      {/* A calculation under way fills the run itself: no import meanwhile. */}
      {may("payroll.import", subject) && run.progress === null && (
        <>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
            {t("payrollSheetUi.import.open")}
          </Button>
          <ImportSheetDialog run={run} open={importing} onClose={() => setImporting(false)} onImported={onImported} />
        </>
      )}
    </Space>
  );
}
