import { PaperClipOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { LEAVE_DOCUMENT_MAX_BYTES, LEAVE_DOCUMENT_TYPES, LEAVE_HOLDING, type LeaveRequestRecord } from "../../../contracts/leave";
import { leaveApi } from "../../api/leave";
import { FileButton } from "../../components/common/FileButton";
import { StateTag } from "../../components/common/StateTag";
import { DownloadButton } from "../../components/payroll/DownloadButton";
import { toast } from "../../lib/toast";

/** The request's document: read it back when there is one; attach it (`attach`) when the type asks for one. */
export function DocumentActions({ request, attach }: { request: LeaveRequestRecord; attach: boolean }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  if (request.has_document) {
    return (
      <DownloadButton size="small" from={`leave-requests/${request.id}/document`} icon={<PaperClipOutlined aria-hidden />} aria-label={`${t("leave.requests.document")}: ${request.leave_type.name}`}>
        {t("leave.requests.document")}
      </DownloadButton>
    );
  }
  if (!request.needs_document) return null;
  if (!attach || !LEAVE_HOLDING.includes(request.status)) return <StateTag tone="warning">{t("leave.requests.needsDocument")}</StateTag>;
  return (
    <FileButton
      accept={LEAVE_DOCUMENT_TYPES}
      maxBytes={LEAVE_DOCUMENT_MAX_BYTES}
      hint={t("leave.requests.attachHint")}
      wrongType={t("leave.requests.documentType")}
      tooLarge={t("leave.requests.documentTooLarge", { max: "5 MB" })}
      upload={async (file) => {
        const reply = await leaveApi.attach(request.id, file);
        toast("success", reply.message);
        await invalidate({ resource: "leave-requests", invalidates: ["all"] });
      }}
    >
      {t("leave.requests.attach")}
    </FileButton>
  );
}
