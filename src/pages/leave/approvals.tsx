import { useRef, useState } from "react";
import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { useCustom, useInvalidate } from "@refinedev/core";
import { Button, Card, Descriptions, Flex, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { LeaveRequestRecord } from "../../../contracts/leave";
import { leaveApi, leavePaths, type LeaveBulkResult } from "../../api/leave";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { failureMessage } from "../../components/form";
import { ListPage, type BulkSelection } from "../../components/list";
import { BulkRefusals } from "../../components/payroll/BulkDelete";
import { toast } from "../../lib/toast";
import { PERSON_COLUMN, REASON_COLUMN, REQUEST_COLUMNS, type RequestRow } from "./columns";
import { DecisionButtons, RejectDialog } from "./DecisionButtons";
import { DocumentActions } from "./DocumentActions";
import { formatDays, formatRequestDates } from "./format";
import { LeaveStatusTag } from "./LeaveStatusTag";
import { PageTitle } from "../../components/common/PageTitle";

const COLUMNS = [PERSON_COLUMN, ...REQUEST_COLUMNS, REASON_COLUMN];
const TO_DECIDE = [{ field: "scope", operator: "eq" as const, value: "to_decide" }];

/** The request a notification pointed at (?request=), in full, with its decision at hand whatever page of the list it is on. */
function FocusedRequest({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { result, query } = useCustom<{ data: LeaveRequestRecord }>({ url: leavePaths.request(id), method: "get", errorNotification: false });
  const request = result.data?.data;
  if (query.isLoading) return <Card loading />;
  if (!request) return null;
  return (
    <Card title={t("leave.approvals.focused", { name: request.user.name })} data-testid="focused-request">
      <Flex vertical gap={12}>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t("leave.requests.fields.type")}>{request.leave_type.name}</Descriptions.Item>
          <Descriptions.Item label={t("leave.requests.fields.dates")}>
            {formatRequestDates(request, i18n.language)}
            {request.half_day && ` · ${t(`leave.requests.halves.${request.half_day}`)}`}
          </Descriptions.Item>
          <Descriptions.Item label={t("leave.requests.fields.days")}>{t("leave.requests.daysCount", { count: request.days, days: formatDays(request.days, i18n.language) })}</Descriptions.Item>
          <Descriptions.Item label={t("leave.requests.fields.status")}>
            <LeaveStatusTag status={request.status} />
          </Descriptions.Item>
          {request.reason && <Descriptions.Item label={t("leave.requests.fields.reason")}>{request.reason}</Descriptions.Item>}
        </Descriptions>
        <Space wrap size={8}>
          <DocumentActions request={request} attach={false} />
          {request.can_decide ? <DecisionButtons request={request} onDecided={() => void query.refetch()} /> : <Typography.Text type="secondary">{t("leave.approvals.notYours")}</Typography.Text>}
        </Space>
      </Flex>
    </Card>
  );
}

/** Approve or reject every selected request, each on its own: a refusal of one leaves the others decided, and says why. */
function BulkDecisions({ selection, onRefusals }: { selection: BulkSelection; onRefusals: (result: LeaveBulkResult) => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [rejecting, setRejecting] = useState(false);
  const count = selection.ids.length;
  const decide = async (decision: "approve" | "reject", reason: string | null) => {
    const reply = await leaveApi.decideMany(selection.ids.map(Number), decision, reason);
    selection.clear();
    await invalidate({ resource: "leave-requests", invalidates: ["all"] });
    if (reply.data.refused.length === 0) toast("success", reply.message);
    else onRefusals(reply.data);
  };
  const approve = async () => {
    try {
      await decide("approve", null);
    } catch (failure) {
      toast("error", failureMessage(failure));
    }
  };
  return (
    <>
      <ConfirmAction title={t("leave.approvals.bulk.approveConfirm", { count })} okText={t("leave.approvals.approve")} onConfirm={approve}>
        <Button size="small" type="primary" icon={<CheckOutlined aria-hidden />}>
          {t("leave.approvals.bulk.approve")}
        </Button>
      </ConfirmAction>
      <Button size="small" danger icon={<CloseOutlined aria-hidden />} onClick={() => setRejecting(true)}>
        {t("leave.approvals.bulk.reject")}
      </Button>
      <RejectDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        name="leave-reject-selected"
        title={t("leave.approvals.bulk.reject")}
        explains={t("leave.approvals.bulk.rejectExplains", { count })}
        submitLabel={t("leave.approvals.reject")}
        reject={async (reason) => {
          await decide("reject", reason);
          setRejecting(false);
        }}
      />
    </>
  );
}

/**
 * /leave/approvals: the requests waiting for the reader's decision (their team's, or everyone's with leave_approve;
 * never their own), decided one by one or several at once with a reason. A notification's link opens its request
 * at the top (?request=).
 */
export default function LeaveApprovalsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const focused = Number(params.get("request"));
  const [refusals, setRefusals] = useState<LeaveBulkResult | null>(null);
  // The requests seen so far by person: a bulk decision's refusals name them, whichever page they were picked on.
  const names = useRef(new Map<number, string>()).current;
  return (
    <Flex vertical gap={16}>
      <PageTitle style={{ margin: 0 }}>
        {t("leave.approvals.title")}
      </PageTitle>
      {Number.isInteger(focused) && focused > 0 && <FocusedRequest key={focused} id={focused} />}
      <ListPage<RequestRow>
        resource="leave-requests"
        titleKey="leave.approvals.waiting"
        heading="section"
        columns={COLUMNS}
        permanentFilters={TO_DECIDE}
        initialSorters={[{ field: "start_date", order: "asc" }]}
        bulkActions={(selection) => <BulkDecisions selection={selection} onRefusals={setRefusals} />}
        rowActions={(row) => {
          names.set(row.id, `${row.user.name} · ${row.leave_type.name}`);
          return (
            <Space wrap size={4}>
              <DocumentActions request={row} attach={false} />
              <DecisionButtons request={row} />
            </Space>
          );
        }}
      />
      <BulkRefusals
        result={refusals && { deleted: refusals.decided, refused: refusals.refused }}
        title={t("leave.approvals.bulk.resultTitle")}
        deleted={(count) => t("leave.approvals.bulk.decided", { count })}
        kept={(count) => t("leave.approvals.bulk.refused", { count })}
        nameOf={(id) => names.get(id) ?? t("leave.approvals.bulk.requestNumber", { id })}
        onClose={() => setRefusals(null)}
      />
    </Flex>
  );
}
