import type { CSSProperties } from "react";
import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { useList } from "@refinedev/core";
import { Alert, Button, Card, Empty, Flex, Input, Skeleton, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { MAX_PER_PAGE } from "../../../contracts/list";
import type { LeaveRequestRecord } from "../../../contracts/leave";
import { addDays, todayIn } from "../../components/common/dateRange";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { useDebouncedValue } from "../../components/common/useDebouncedValue";
import { findLanguage } from "../../i18n/languages";
import { formatCount } from "../../i18n/numbers";
import { PageTitle } from "../../components/common/PageTitle";
import { dateTimeFormat } from "../../../contracts/intl";

const GRID: CSSProperties = { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 160px), 1fr))", gap: 8 };
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month's first and last day, and the months around it. */
function monthOf(month: string) {
  const [year, number] = month.split("-").map(Number);
  const pad = (value: number) => String(value).padStart(2, "0");
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  const shift = (by: number) => {
    const date = new Date(Date.UTC(year, number - 1 + by, 1));
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
  };
  return { from: `${month}-01`, to: `${month}-${pad(last)}`, previous: shift(-1), next: shift(1) };
}

const localeOf = (language: string) => findLanguage(language)?.htmlLang ?? "en";
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** One workday of the month and who is away on it (a request's range covers it). */
function Day({ date, away, today }: { date: string; away: readonly LeaveRequestRecord[]; today: boolean }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const label = dateTimeFormat(localeOf(i18n.language), { weekday: "short", day: "numeric", timeZone: "UTC" }).format(utc(date));
  return (
    <Card size="small" style={today ? { borderColor: token.colorPrimary } : undefined} data-testid={`day-${date}`}>
      <Typography.Title level={3} style={{ fontSize: 14, margin: 0 }}>
        {label}
        {today && <Typography.Text type="secondary">{` · ${t("leave.calendar.today")}`}</Typography.Text>}
      </Typography.Title>
      {away.length === 0 ? (
        <Typography.Text type="secondary">{t("leave.calendar.nobody")}</Typography.Text>
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {away.map((request) => (
            <li key={request.id}>
              {request.user.name}{" "}
              <Typography.Text type="secondary">
                {request.leave_type.code}
                {request.half_day ? ` ½` : ""}
                {request.status !== "approved" && request.status !== "cancel_requested" ? ` · ${t("leave.requests.statuses.pending")}` : ""}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * /leave/calendar: who is away, a month at a time (?month=YYYY-MM): one's team's leave that stands or waits, everyone's
 * for those who approve or manage leave, narrowed to a department by name. Reasons stay with the requests.
 */
export default function LeaveCalendarPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const zone = useCompanyProfile().profile?.time_zone;
  const today = todayIn(zone);
  const month = MONTH.test(params.get("month") ?? "") ? params.get("month")! : today.slice(0, 7);
  const range = monthOf(month);
  const department = params.get("department") ?? "";
  const typed = useDebouncedValue(department.trim());
  const go = (changes: Record<string, string>) => setParams((current) => ({ ...Object.fromEntries(current), ...changes }), { replace: true });
  const list = useList<LeaveRequestRecord>({
    resource: "leave-requests",
    pagination: { pageSize: MAX_PER_PAGE },
    sorters: [{ field: "start_date", order: "asc" }],
    filters: [
      { field: "scope", operator: "eq", value: "calendar" },
      { field: "from", operator: "eq", value: range.from },
      { field: "to", operator: "eq", value: range.to },
      ...(typed ? [{ field: "department", operator: "contains" as const, value: typed }] : []),
    ],
  });
  const requests = list.result.data ?? [];
  const total = list.result.total ?? 0;
  const days: string[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) days.push(date);
  const awayOn = (date: string) => requests.filter((request) => request.start_date <= date && request.end_date >= date);
  const weekend = (date: string) => [0, 6].includes(new Date(utc(date)).getUTCDay());
  const title = dateTimeFormat(localeOf(i18n.language), { year: "numeric", month: "long", timeZone: "UTC" }).format(utc(range.from));

  return (
    <Flex vertical gap={16}>
      <PageTitle style={{ margin: 0 }}>
        {t("leave.calendar.title")}
      </PageTitle>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex align="center" gap={8}>
          <Button icon={<LeftOutlined aria-hidden />} aria-label={t("leave.calendar.previous")} onClick={() => go({ month: range.previous })} />
          <Typography.Title level={2} style={{ margin: 0, minWidth: 160, textAlign: "center", fontSize: 20 }} aria-live="polite">
            {title}
          </Typography.Title>
          <Button icon={<RightOutlined aria-hidden />} aria-label={t("leave.calendar.next")} onClick={() => go({ month: range.next })} />
        </Flex>
        <Input
          allowClear
          aria-label={t("leave.calendar.department")}
          placeholder={t("leave.calendar.department")}
          value={department}
          onChange={(event) => go({ department: event.target.value })}
          style={{ width: 240, maxWidth: "100%" }}
        />
      </Flex>
      <Typography.Text type="secondary">{t("leave.calendar.summary", { count: total, people: formatCount(new Set(requests.map((request) => request.user.id)).size, i18n.language) })}</Typography.Text>
      {total > requests.length && <Alert type="info" showIcon message={t("leave.calendar.more", { shown: requests.length, total })} />}
      {list.query.isLoading ? (
        <Skeleton active title={false} />
      ) : list.query.isError ? (
        <Alert type="error" showIcon message={t("leave.calendar.loadFailed")} />
      ) : requests.length === 0 ? (
        <Empty description={t("leave.calendar.empty")} />
      ) : (
        <div style={GRID}>
          {/* Leave takes workdays: a weekend inside a request's range is no day away. */}
          {days
            .filter((date) => !weekend(date))
            .map((date) => (
              <Day key={date} date={date} away={awayOn(date)} today={date === today} />
            ))}
        </div>
      )}
    </Flex>
  );
}
