import type { CSSProperties } from "react";
import { Alert, Card, Empty, Flex, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { LeaveBalanceLine } from "../../../contracts/leave";
import { formatDay } from "../../components/payroll/format";
import { formatDays } from "./format";

// Two cards a row on a phone, as many as fit wider.
const GRID: CSSProperties = { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 150px), 1fr))", gap: 12 };

/** A type worth a card: an active one, or one with days still on the books. */
const shown = (line: LeaveBalanceLine) => line.leave_type.active || line.balance !== 0 || line.pending !== 0 || line.taken !== 0;
/** An unpaid type without an entitlement (leave without pay): counted as taken, not drawn down. */
const isCounted = (line: LeaveBalanceLine) => !line.leave_type.paid && line.entitled === 0 && line.carried_over === 0;

function BalanceCard({ line }: { line: LeaveBalanceLine }) {
  const { t, i18n } = useTranslation();
  const days = (value: number) => formatDays(value, i18n.language);
  // An unpaid type without an entitlement is counted, not drawn down: what was taken says more than "0 left".
  const counted = isCounted(line);
  return (
    <Card size="small" data-testid={`balance-${line.leave_type.code}`} style={{ height: "100%" }}>
      <Flex vertical gap={2}>
        <Typography.Text strong>{line.leave_type.name}</Typography.Text>
        <Typography.Text style={{ fontSize: 24, lineHeight: 1.2 }}>{days(counted ? line.taken : Math.max(0, line.available))}</Typography.Text>
        <Typography.Text type="secondary">{t(counted ? "leave.balances.daysTaken" : "leave.balances.daysAvailable", { count: counted ? line.taken : Math.max(0, line.available) })}</Typography.Text>
        {!counted && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t("leave.balances.breakdown", { balance: days(line.balance), taken: days(line.taken), pending: days(line.pending) })}
          </Typography.Text>
        )}
        {line.usable_from && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t("leave.balances.usableFrom", { date: formatDay(line.usable_from, i18n.language) })}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/** A person's balance of each type, a card each: what they may still ask for, and how it stands. */
export function BalanceCards({ lines, loading, error }: { lines: readonly LeaveBalanceLine[] | undefined; loading: boolean; error?: string }) {
  const { t } = useTranslation();
  if (error) return <Alert type="error" showIcon message={t("leave.balances.loadFailed")} description={error} />;
  if (loading || !lines) return <Skeleton active title={false} />;
  // What one may draw on first; the counted kinds after.
  const visible = lines.filter(shown).sort((a, b) => Number(isCounted(a)) - Number(isCounted(b)));
  if (visible.length === 0) return <Empty description={t("leave.balances.none")} />;
  return (
    <div style={GRID} role="list" aria-label={t("leave.balances.title")}>
      {visible.map((line) => (
        <div role="listitem" key={line.leave_type.id}>
          <BalanceCard line={line} />
        </div>
      ))}
    </div>
  );
}
