import { useState, type ReactNode } from "react";
import { DownloadOutlined } from "@ant-design/icons";
import { Button, type ButtonProps } from "antd";
import { useTranslation } from "react-i18next";
import { downloadFromApi } from "../../api/downloads";
import { toast, TOAST_LIFE } from "../../lib/toast";

export interface DownloadButtonProps extends Omit<ButtonProps, "onClick" | "loading" | "children"> {
  /**
   * The API path of the file, without /api ("payroll/2/payslips.zip"), or a
   * download of one's own (one that says more once done).
   */
  from: string | (() => Promise<void>);
  /** The path's query. */
  params?: Record<string, string>;
  children: ReactNode;
}

/**
 * A button that fetches a file the server makes (a PDF, a ZIP, a sheet) with
 * the bearer token and saves it under the name the server gives; busy while
 * it comes, a refusal said in a toast in the server's words.
 */
export function DownloadButton({ from, params, children, icon = <DownloadOutlined aria-hidden />, ...button }: DownloadButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const fetchFile = async () => {
    setBusy(true);
    try {
      await (typeof from === "string" ? downloadFromApi(from, new URLSearchParams(params)) : from());
    } catch (failure) {
      toast("error", t("payslipsAdmin.download.failed"), failure instanceof Error ? failure.message : undefined, TOAST_LIFE.long);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...button} icon={icon} loading={busy} onClick={() => void fetchFile()}>
      {children}
    </Button>
  );
}
