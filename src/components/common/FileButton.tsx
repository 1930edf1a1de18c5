import type { ReactNode } from "react";
import { UploadOutlined } from "@ant-design/icons";
import { Button, Flex, Typography, Upload } from "antd";
import { useFileUpload, type FileRules } from "./useFileUpload";

export interface FileButtonProps extends FileRules {
  /** Sends the chosen file; a refusal is said under the button in the server's words. */
  upload: (file: File) => Promise<void>;
  children: ReactNode;
  /** What is accepted, said under the button. */
  hint?: string;
}

/** A button that sends one file as soon as it is chosen, checked first; busy while it goes, its refusal said under it. */
export function FileButton({ upload, children, hint, ...rules }: FileButtonProps) {
  const { busy, problem, choose } = useFileUpload(rules, upload);
  return (
    <Flex vertical gap={2} align="start">
      <Upload
        accept={rules.accept.join(",")}
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
