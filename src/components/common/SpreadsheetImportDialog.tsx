import { useId, useState, type ReactNode } from "react";
import { InboxOutlined, UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Modal, Table, Typography, Upload, type UploadFile } from "antd";
import { useTranslation } from "react-i18next";
import { importErrorsOf, type ImportError } from "../../../contracts/payroll-sheet";
import { formatCount } from "../../i18n/numbers";
import { ApiError } from "../../lib/http";
import { toast } from "../../lib/toast";

const ACCEPTED = [".xlsx", ".csv"];
const MEGABYTE = 1024 * 1024;

/** Every cell the server refused, in its order: where (sheet, row, column) and why. */
function ImportErrors({ errors }: { errors: ImportError[] }) {
  const { t, i18n } = useTranslation();
  const dash = "—";
  return (
    <Table<ImportError>
      size="small"
      rowKey={(error) => `${error.sheet}!${error.column}${error.row}:${error.message}`}
      dataSource={errors}
      aria-label={t("spreadsheetImportUi.errorsTitle")}
      pagination={errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: "max-content" }}
      columns={[
        { key: "sheet", title: t("spreadsheetImportUi.columns.sheet"), render: (_, error) => error.sheet ?? dash },
        { key: "row", title: t("spreadsheetImportUi.columns.row"), align: "right", render: (_, error) => (error.row === null ? dash : formatCount(error.row, i18n.language)) },
        { key: "column", title: t("spreadsheetImportUi.columns.column"), render: (_, error) => error.column ?? dash },
        { key: "reason", title: t("spreadsheetImportUi.columns.reason"), render: (_, error) => error.message },
      ]}
    />
  );
}

export interface SpreadsheetImportDialogProps {
  open: boolean;
  title: string;
  /** What the import does, said before it happens (an alert, the template's links). */
  intro: ReactNode;
  submitLabel: string;
  /** A submit that replaces something is shown as dangerous. */
  danger?: boolean;
  maxBytes: number;
  /** Sends the file; answers the server's message. */
  submit: (file: File) => Promise<{ message: string }>;
  onClose: () => void;
  onImported: () => void;
}

/**
 * An XLSX or CSV file sent whole to an import, refused whole with every cell
 * in error listed (sheet, row, column, why) so the file can be put right in
 * one pass: the payroll sheet's import and the people import.
 */
export function SpreadsheetImportDialog({ open, title, intro, submitLabel, danger, maxBytes, submit, onClose, onImported }: SpreadsheetImportDialogProps) {
  const { t } = useTranslation();
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
  // Why a chosen file will not do before it is sent: its kind or its size.
  const problemOf = (chosen: File): string | null => {
    if (!ACCEPTED.some((extension) => chosen.name.toLowerCase().endsWith(extension))) return t("spreadsheetImportUi.wrongKind");
    if (chosen.size > maxBytes) return t("spreadsheetImportUi.tooLarge", { max: maxBytes / MEGABYTE });
    return null;
  };
  const send = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    setErrors([]);
    try {
      const reply = await submit(file);
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
      title={title}
      width={errors.length > 0 ? 760 : 520}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button type="primary" danger={danger} icon={<UploadOutlined aria-hidden />} loading={busy} disabled={!file} onClick={() => void send()}>
            {submitLabel}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {intro}
        <Upload.Dragger
          accept={ACCEPTED.join(",")}
          maxCount={1}
          fileList={fileList}
          // The file goes with the import's own call, not on its own as soon as it is chosen.
          beforeUpload={(chosen) => {
            reset();
            const wrong = problemOf(chosen);
            if (wrong) setProblem(wrong);
            else setFile(chosen);
            return false;
          }}
          onRemove={() => reset()}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{t("spreadsheetImportUi.choose")}</p>
          <p className="ant-upload-hint">{t("spreadsheetImportUi.hint", { max: maxBytes / MEGABYTE })}</p>
        </Upload.Dragger>
        {problem && <Alert type="error" showIcon message={problem} />}
        {errors.length > 0 && (
          <section aria-labelledby={errorsTitle}>
            <Typography.Title level={4} id={errorsTitle} style={{ marginTop: 0 }}>
              {t("spreadsheetImportUi.errorsTitle")}
            </Typography.Title>
            <Alert type="error" showIcon style={{ marginBottom: 12 }} message={refusal} />
            <ImportErrors errors={errors} />
          </section>
        )}
      </Flex>
    </Modal>
  );
}
