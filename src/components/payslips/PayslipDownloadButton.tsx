import { useTranslation } from "react-i18next";
import { payslipPaths } from "../../api/payslips";
import { DownloadButton, type DownloadButtonProps } from "../payroll/DownloadButton";

export type PayslipDownloadButtonProps = Omit<DownloadButtonProps, "from" | "params" | "children"> & {
  payslipId: number;
  /** The button's words; "Download PDF" unless given. */
  label?: string;
};

/**
 * Downloads a payslip's PDF with the bearer token, saved under the name the
 * server gives it (content-disposition). The download is logged in the
 * payslip's history by the server.
 */
export function PayslipDownloadButton({ payslipId, label, ...button }: PayslipDownloadButtonProps) {
  const { t } = useTranslation();
  return (
    <DownloadButton {...button} from={payslipPaths.pdf(payslipId)}>
      {label ?? t("payslipView.downloadPdf")}
    </DownloadButton>
  );
}
