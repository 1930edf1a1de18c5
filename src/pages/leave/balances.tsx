import { useId, useState } from "react";
import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Empty, Flex, Select, Table } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { LeaveBalancesReply, LeaveEntryRecord } from "../../../contracts/leave";
import { PeoplePicker } from "../../components/common/PeoplePicker";
import { todayIn } from "../../components/common/dateRange";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { formatDay } from "../../components/payroll/format";
import { AdjustBalanceDialog } from "./AdjustBalanceDialog";
import { BalanceCards } from "./BalanceCards";
import { formatDays } from "./format";
import { RequestLeaveDialog } from "./RequestLeaveDialog";
import { useBalances } from "./useBalances";
import { PageTitle, SectionTitle } from "../../components/common/PageTitle";

const positive = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : undefined);

/** The year's ledger: every entry that moved the balance, oldest first. */
function Entries({ reply }: { reply: LeaveBalancesReply }) {
  const { t, i18n } = useTranslation();
  const typeName = new Map(reply.lines.map((line) => [line.leave_type.id, line.leave_type.name]));
  return (
    <Table<LeaveEntryRecord>
      size="small"
      rowKey="id"
      dataSource={reply.entries}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: "max-content" }}
      aria-label={t("leave.balances.entries")}
      locale={{ emptyText: t("leave.balances.noEntries") }}
      columns={[
        { key: "date", title: t("leave.balances.fields.date"), render: (_, entry) => formatDay(entry.effective_date, i18n.language) },
        { key: "type", title: t("leave.requests.fields.type"), render: (_, entry) => typeName.get(entry.leave_type_id) ?? "" },
        { key: "kind", title: t("leave.balances.fields.kind"), render: (_, entry) => t(`leave.balances.kinds.${entry.kind}`) },
        { key: "days", title: t("leave.requests.fields.days"), align: "right", render: (_, entry) => `${entry.days > 0 ? "+" : ""}${formatDays(entry.days, i18n.language)}` },
        { key: "reason", title: t("leave.balances.fields.reason"), render: (_, entry) => [entry.reason, entry.created_by?.name].filter(Boolean).join(" · ") },
      ]}
    />
  );
}

/**
 * /leave/balances: HR's view of anyone's leave (?user=&year=): the balance of each type, the ledger behind it, an
 * adjustment with its reason, and leave entered on the person's behalf (a sick day phoned in).
 */
export default function LeaveBalancesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const zone = useCompanyProfile().profile?.time_zone;
  const thisYear = Number(todayIn(zone).slice(0, 4));
  const userId = positive(params.get("user"));
  const year = positive(params.get("year")) ?? thisYear;
  const balances = useBalances(userId, year, userId !== undefined);
  const pickerId = useId();
  const [adjusting, setAdjusting] = useState(false);
  const [entering, setEntering] = useState(false);
  const set = (changes: Record<string, string | undefined>) =>
    setParams((current) => Object.fromEntries(Object.entries({ ...Object.fromEntries(current), ...changes }).filter((entry): entry is [string, string] => entry[1] !== undefined)), { replace: true });
  const years = [thisYear + 1, thisYear, thisYear - 1, thisYear - 2];
  return (
    <Flex vertical gap={16}>
      <PageTitle style={{ margin: 0 }}>
        {t("leave.balances.title")}
      </PageTitle>
      <Flex gap={12} wrap align="center">
        <Flex align="center" gap={8} wrap>
          <label htmlFor={pickerId}>{t("leave.balances.person")}</label>
          <PeoplePicker id={pickerId} value={userId} onChange={(id) => set({ user: id === undefined ? undefined : String(id) })} placeholder={t("leave.balances.choosePerson")} style={{ width: 300, maxWidth: "100%" }} />
        </Flex>
        <Select aria-label={t("leave.balances.year")} value={year} onChange={(value) => set({ year: String(value) })} options={years.map((value) => ({ value, label: String(value) }))} style={{ width: 110 }} />
        {balances.reply && (
          <>
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setAdjusting(true)}>
              {t("leave.balances.adjust")}
            </Button>
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => setEntering(true)}>
              {t("leave.balances.enterLeave")}
            </Button>
          </>
        )}
      </Flex>
      {userId === undefined ? (
        <Empty description={t("leave.balances.pickSomeone")} />
      ) : (
        <>
          <BalanceCards lines={balances.reply?.lines} loading={balances.loading} error={balances.error} />
          {balances.reply && (
            <>
              <SectionTitle style={{ margin: 0 }}>
                {t("leave.balances.entries")}
              </SectionTitle>
              <Entries reply={balances.reply} />
              <AdjustBalanceDialog open={adjusting} onClose={() => setAdjusting(false)} userId={userId} year={year} lines={balances.reply.lines} onAdjusted={balances.reload} />
              <RequestLeaveDialog open={entering} onClose={() => setEntering(false)} userId={userId} lines={balances.reply.lines} onRequested={balances.reload} />
            </>
          )}
        </>
      )}
    </Flex>
  );
}
