import { useState, type ReactNode } from "react";
import { UploadOutlined } from "@ant-design/icons";
import { Button, Flex, Typography, Upload } from "antd";
import { useTranslation } from "react-i18next";

export interface FileButtonProps {
  /** Accepted content types; the server checks the bytes again. */
  accept: readonly string[];
  maxBytes: number;
  /** Sends the chosen file; a refusal is said under the button in the server's words. */
  upload: (file: File) => Promise<void>;
  children: ReactNode;
  /** What is accepted, said under the button. */
  hint?: string;
  /** The wrong type, in the reader's words. */
  wrongType: string;
  /** Over the size, in the reader's words. */
  tooLarge: string;
}

/**
 * A button that sends one file as soon as it is chosen, once it is of an accepted type and size (a mistake costs no
 * round trip): busy while it goes, its refusal said under it.
 */
export function FileButton({ accept, maxBytes, upload, children, hint, wrongType, tooLarge }: FileButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (file: File) => {
    setProblem(null);
    if (!accept.includes(file.type)) return setProblem(wrongType);
    if (file.size > maxBytes) return setProblem(tooLarge);
    setBusy(true);
    try {
      await upload(file);
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : t("errors.other"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={2} align="start">
      <Upload
        accept={accept.join(",")}
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
      >
        <Button size="small" icon={<UploadOutlined aria-hidden />} loading={busy}>
          {children}
        </Button>
      </Upload>
      {hint && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      )}
      {problem && (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
