import { useState } from "react";
import { PlusOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import { Button, Flex, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ListPage } from "../../components/list";
import { BalanceCards } from "./BalanceCards";
import { CancelButton } from "./CancelButton";
import { DocumentActions } from "./DocumentActions";
import { REASON_COLUMN, REQUEST_COLUMNS, type RequestRow } from "./columns";
import { RequestLeaveDialog } from "./RequestLeaveDialog";
import { useBalances } from "./useBalances";
import { PageTitle } from "../../components/common/PageTitle";

const COLUMNS = [...REQUEST_COLUMNS, REASON_COLUMN];
const MINE = [{ field: "scope", operator: "eq" as const, value: "mine" }];

/**
 * /leave: one's own leave. What is left of each type this year, a request for more, and one's requests with where
 * each stands (cancelled, or asked to be, from here).
 */
export default function MyLeavePage() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const balances = useBalances();
  // The dashboard's "Request leave" opens the form at once (?ask=1).
  const [params, setParams] = useSearchParams();
  const [asking, setAsking] = useState(params.get("ask") === "1");
  const close = () => {
    setAsking(false);
    if (params.has("ask")) setParams({}, { replace: true });
  };
  const changed = () => {
    balances.reload();
    void invalidate({ resource: "leave-requests", invalidates: ["all"] });
  };
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <PageTitle style={{ margin: 0 }}>
          {t("leave.own.title", { year: balances.reply?.year ?? "" })}
        </PageTitle>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAsking(true)} disabled={!balances.reply}>
          {t("leave.requests.new")}
        </Button>
      </Flex>
      <BalanceCards lines={balances.reply?.lines} loading={balances.loading} error={balances.error} />
      <ListPage<RequestRow>
        resource="leave-requests"
        titleKey="leave.own.requests"
        heading="section"
        columns={COLUMNS}
        permanentFilters={MINE}
        initialSorters={[{ field: "start_date", order: "desc" }]}
        searchable={false}
        rowActions={(row) => (
          <Space wrap size={4}>
            <DocumentActions request={row} attach />
            <CancelButton row={row} onCancelled={balances.reload} />
          </Space>
        )}
      />
      <RequestLeaveDialog open={asking} onClose={close} lines={balances.reply?.lines ?? []} onRequested={changed} />
    </Flex>
  );
}
