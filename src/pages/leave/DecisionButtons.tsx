import { useState } from "react";
import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { leaveDecision, type LeaveRequestRecord } from "../../../contracts/leave";
import { leaveApi } from "../../api/leave";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { zodRules } from "../../components/form";
import { ReasonDialog } from "../../components/form/ReasonDialog";
import { toast } from "../../lib/toast";

const REASON_RULES = zodRules(leaveDecision.shape).reason;

/**
 * Approve or reject a request (or, when the person asked to take back leave that has begun, allow or refuse that):
 * approving asks for a confirmation, rejecting for the reason the person will read. Shown only where the server
 * would let the reader decide (the row's can_decide).
 */
export function DecisionButtons({ request, onDecided }: { request: LeaveRequestRecord; onDecided?: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [rejecting, setRejecting] = useState(false);
  if (!request.can_decide) return null;
  // Approval waits for the document the type asks for (the server refuses it without); rejecting does not.
  const waitsForDocument = request.status === "pending" && request.needs_document && !request.has_document;
  const cancelling = request.status === "cancel_requested";
  const labels = cancelling ? { approve: t("leave.approvals.allowCancel"), reject: t("leave.approvals.refuseCancel") } : { approve: t("leave.approvals.approve"), reject: t("leave.approvals.reject") };
  const decide = async (decision: "approve" | "reject", reason: string | null) => {
    const reply = await leaveApi.decide(request.id, decision, reason);
    toast("success", reply.message);
    await invalidate({ resource: "leave-requests", invalidates: ["all"] });
    onDecided?.();
  };
  const approve = async () => {
    try {
      await decide("approve", null);
    } catch (failure) {
      toast("error", failure instanceof Error ? failure.message : t("errors.other"));
    }
  };
  const who = { name: request.user.name, type: request.leave_type.name };
  return (
    <Space wrap size={4}>
      {!waitsForDocument && (
        <ConfirmAction title={t(cancelling ? "leave.approvals.allowCancelConfirm" : "leave.approvals.approveConfirm", who)} okText={labels.approve} onConfirm={approve}>
          <Button size="small" type="primary" icon={<CheckOutlined aria-hidden />} aria-label={`${labels.approve}: ${request.user.name}`}>
            {labels.approve}
          </Button>
        </ConfirmAction>
      )}
      <Button size="small" danger icon={<CloseOutlined aria-hidden />} onClick={() => setRejecting(true)} aria-label={`${labels.reject}: ${request.user.name}`}>
        {labels.reject}
      </Button>
      <RejectDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        name={`leave-reject-${request.id}`}
        title={labels.reject}
        explains={t(cancelling ? "leave.approvals.refuseCancelExplains" : "leave.approvals.rejectExplains", who)}
        submitLabel={labels.reject}
        reject={async (reason) => {
          await decide("reject", reason);
          setRejecting(false);
        }}
      />
    </Space>
  );
}

/** A rejection's dialog, one request's or several's: the reason (optional) the person reads with it. */
export function RejectDialog({ reject, ...dialog }: { open: boolean; onClose: () => void; name: string; title: string; explains: string; submitLabel: string; reject: (reason: string | null) => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      {...dialog}
      label={t("leave.approvals.reason")}
      hint={t("leave.approvals.reasonHint")}
      icon={<CloseOutlined aria-hidden />}
      danger
      rules={REASON_RULES}
      submit={(reason) => reject(reason || null)}
    />
  );
}
