import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import type { RunRecord } from "../../../contracts/payroll";
import { IMPORT_MAX_BYTES } from "../../../contracts/payroll-sheet";
import { payrollSheetApi } from "../../api/payroll-sheet";
import { SpreadsheetImportDialog } from "../../components/common/SpreadsheetImportDialog";
import { useRunName } from "../../components/payroll/useRunName";

export interface ImportSheetDialogProps {
  run: RunRecord;
  open: boolean;
  onClose: () => void;
  /** The run was filled from the file: reload it (it reads calculated now). */
  onImported: () => void;
}

/**
 * A sheet in the downloaded layout (XLSX or CSV) in place of the run's
 * payslips, for pay computed elsewhere: said plainly before it happens, sent
 * whole, and refused whole with every cell in error listed.
 */
export function ImportSheetDialog({ run, open, onClose, onImported }: ImportSheetDialogProps) {
  const { t } = useTranslation();
  const name = useRunName()(run.name);
  return (
    <SpreadsheetImportDialog
      open={open}
      title={t("payrollSheetUi.import.title", { name })}
      intro={<Alert type="warning" showIcon message={t("payrollSheetUi.import.replaces")} description={t("payrollSheetUi.import.explains")} />}
      submitLabel={t("payrollSheetUi.import.submit")}
      danger
      maxBytes={IMPORT_MAX_BYTES}
      submit={(file) => payrollSheetApi.import(run.id, file)}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
