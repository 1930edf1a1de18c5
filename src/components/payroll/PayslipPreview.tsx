import { useCustom } from "@refinedev/core";
import { Alert, Skeleton } from "antd";
import type { PayslipDocument } from "../../../contracts/payslips";
import { payslipPaths } from "../../api/payslips";
import { PayslipDocumentView } from "../payslips/PayslipDocumentView";

/** The payslip laid out as its person reads it (and the PDF prints it), worded in the reader's language. */
export function PayslipPreview({ payslipId }: { payslipId: number }) {
  const { result, query } = useCustom<{ data: PayslipDocument }>({ url: payslipPaths.document(payslipId), method: "get", errorNotification: false });
  const document = result.data?.data;
  if (query.isLoading) return <Skeleton active title={false} />;
  if (!document) return query.isError ? <Alert type="error" showIcon message={query.error.message} /> : null;
  return <PayslipDocumentView document={document} />;
}
