import { useId, useState } from "react";
import { InboxOutlined, UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Modal, Table, Typography, Upload, type UploadFile } from "antd";
import { useTranslation } from "react-i18next";
import type { RunRecord } from "../../../contracts/payroll";
import { IMPORT_MAX_BYTES, importErrorsOf, type ImportError } from "../../../contracts/payroll-sheet";
import { payrollSheetApi } from "../../api/payroll-sheet";
import { useRunName } from "../../components/payroll/useRunName";
import { formatCount } from "../../i18n/numbers";
import { ApiError } from "../../lib/http";
import { toast } from "../../lib/toast";

const ACCEPTED = [".xlsx", ".csv"];
const MEGABYTE = 1024 * 1024;

/** Why a chosen file will not do before it is sent: its kind or its size. */
function fileProblem(file: File, t: (key: string, values?: Record<string, unknown>) => string): string | null {
  if (!ACCEPTED.some((extension) => file.name.toLowerCase().endsWith(extension))) return t("payrollSheetUi.import.wrongKind");
  if (file.size > IMPORT_MAX_BYTES) return t("payrollSheetUi.import.tooLarge", { max: IMPORT_MAX_BYTES / MEGABYTE });
  return null;
}

/** Every cell the server refused, in its order: where (sheet, row, column) and why. */
function ImportErrors({ errors }: { errors: ImportError[] }) {
  const { t, i18n } = useTranslation();
  const dash = "—";
  return (
    <Table<ImportError>
      size="small"
      rowKey={(error) => `${error.sheet}!${error.column}${error.row}:${error.message}`}
      dataSource={errors}
      aria-label={t("payrollSheetUi.import.errorsTitle")}
      pagination={errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: "max-content" }}
      columns={[
        { key: "sheet", title: t("payrollSheetUi.import.columns.sheet"), render: (_, error) => error.sheet ?? dash },
        { key: "row", title: t("payrollSheetUi.import.columns.row"), align: "right", render: (_, error) => (error.row === null ? dash : formatCount(error.row, i18n.language)) },
        { key: "column", title: t("payrollSheetUi.import.columns.column"), render: (_, error) => error.column ?? dash },
        { key: "reason", title: t("payrollSheetUi.import.columns.reason"), render: (_, error) => error.message },
      ]}
    />
  );
}

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
 * whole, and refused whole with every cell in error listed (sheet, row,
 * column, why) so the file can be put right in one pass.
 */
export function ImportSheetDialog({ run, open, onClose, onImported }: ImportSheetDialogProps) {
  const { t } = useTranslation();
  const name = useRunName()(run.name);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<ImportError[]>([]);
  // The server's own words on a refused file: how many errors there are, of which at most 500 are listed.
  const [refusal, setRefusal] = useState("");
  const errorsTitle = useId();
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setFile(null);
    setProblem(null);
    setErrors([]);
  };
  const close = () => {
    reset();
    onClose();
  };
  const send = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    setErrors([]);
    try {
      const reply = await payrollSheetApi.import(run.id, file);
      toast("success", reply.message);
      close();
      onImported();
    } catch (failure) {
      const refused = failure instanceof ApiError && failure.status === 422 ? failure : null;
      const listed = refused ? importErrorsOf(refused.errors) : [];
      if (refused && listed.length > 0) {
        setErrors(listed);
        setRefusal(refused.summary ?? refused.message);
      } else setProblem(failure instanceof Error ? failure.message : t("errors.other"));
    } finally {
      setBusy(false);
    }
  };
  const fileList: UploadFile[] = file ? [{ uid: "chosen", name: file.name, size: file.size, status: "done" }] : [];
  return (
    <Modal
      open={open}
      onCancel={close}
      title={t("payrollSheetUi.import.title", { name })}
      width={errors.length > 0 ? 760 : 520}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button type="primary" danger icon={<UploadOutlined aria-hidden />} loading={busy} disabled={!file} onClick={() => void send()}>
            {t("payrollSheetUi.import.submit")}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Alert type="warning" showIcon message={t("payrollSheetUi.import.replaces")} description={t("payrollSheetUi.import.explains")} />
        <Upload.Dragger
          accept={ACCEPTED.join(",")}
          maxCount={1}
          fileList={fileList}
          // The file goes with the import's own call, not on its own as soon as it is chosen.
          beforeUpload={(chosen) => {
            reset();
            const wrong = fileProblem(chosen, t);
            if (wrong) setProblem(wrong);
            else setFile(chosen);
            return false;
          }}
          onRemove={() => reset()}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{t("payrollSheetUi.import.choose")}</p>
          <p className="ant-upload-hint">{t("payrollSheetUi.import.hint", { max: IMPORT_MAX_BYTES / MEGABYTE })}</p>
        </Upload.Dragger>
        {problem && <Alert type="error" showIcon message={problem} />}
        {errors.length > 0 && (
          <section aria-labelledby={errorsTitle}>
            <Typography.Title level={4} id={errorsTitle} style={{ marginTop: 0 }}>
              {t("payrollSheetUi.import.errorsTitle")}
            </Typography.Title>
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              message={refusal}
            />
            <ImportErrors errors={errors} />
          </section>
        )}
      </Flex>
    </Modal>
  );
}
