import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { useState } from "react";
import { Button, Flex, Grid, Skeleton, Table, Typography, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney } from "../../../contracts/money";
import type { ComparisonReply } from "../../../contracts/payroll";
import { payrollPaths } from "../../api/payroll";
import { StateTag } from "../../components/common/StateTag";
import { VISUALLY_HIDDEN } from "../../components/common/visuallyHidden";
import { Figures } from "../../components/payroll/Figures";
import { useRunName } from "../../components/payroll/useRunName";
import { findLanguage } from "../../i18n/languages";
import { formatCount } from "../../i18n/numbers";
import { pagePath } from "../../resources";

type Row = ComparisonReply["rows"][number];

/** Someone the previous run paid and this one does not: the API gives them a net of 0 and every line at 0. */
const leftThisRun = (row: Row) => row.net === null;

/** An amount of change with its sign written out ("+₱1,200.00", "−₱300.00"): the sign, not a colour, says which way. */
export function signedMoney(minor: number, currency: string, locale: string | undefined): string {
  const text = formatMoney(Math.abs(minor), currency, locale);
  return minor > 0 ? `+${text}` : minor < 0 ? `−${text}` : text;
}

function Change({ minor, currency }: { minor: number; currency: string }) {
  const { t, i18n } = useTranslation();
  const locale = findLanguage(i18n.language)?.htmlLang;
  const Icon = minor > 0 ? ArrowUpOutlined : minor < 0 ? ArrowDownOutlined : MinusOutlined;
  const words = t(minor > 0 ? "payrollUi.review.comparison.up" : minor < 0 ? "payrollUi.review.comparison.down" : "payrollUi.review.comparison.same");
  return (
    <Typography.Text strong style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
      <Icon aria-hidden /> <span style={VISUALLY_HIDDEN}>{words} </span>
      {signedMoney(minor, currency, locale)}
    </Typography.Text>
  );
}

/** The comparison names an employer's share apart from the deduction of the same code where the API says which is which. */
type MovedLine = Row["moved"][number];

/** How many moved components a row shows before "Show N more". */
const MOVED_SHOWN = 3;

/** The components that moved, the largest move first, each "name: before → after"; past three, a button shows the rest. */
function Moved({ row, currency }: { row: Row; currency: string }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const locale = findLanguage(i18n.language)?.htmlLang;
  if (row.moved.length === 0) return <>{t("payrollUi.review.comparison.nothingMoved")}</>;
  const sorted = [...(row.moved as MovedLine[])].sort((a, b) => Math.abs(b.amount - b.previous) - Math.abs(a.amount - a.previous));
  const shown = all ? sorted : sorted.slice(0, MOVED_SHOWN);
  const hidden = sorted.length - shown.length;
  return (
    <Flex vertical align="start" gap={2}>
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {shown.map((line, index) => (
          <li key={`${line.kind}:${line.code}:${index}`}>
            {t("payrollUi.review.comparison.movedLine", {
              name: line.kind === "employer" ? t("payrollUi.review.comparison.employerShare", { name: line.name }) : line.name,
              before: formatMoney(line.previous, currency, locale),
              after: formatMoney(line.amount, currency, locale),
            })}
          </li>
        ))}
      </ul>
      {(hidden > 0 || all) && sorted.length > MOVED_SHOWN && (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          aria-expanded={all}
          aria-label={`${all ? t("payrollUi.review.comparison.showFewer") : t("payrollUi.review.comparison.showMore", { count: hidden })} (${row.user_name})`}
          onClick={() => setAll(!all)}
        >
          {all ? t("payrollUi.review.comparison.showFewer") : t("payrollUi.review.comparison.showMore", { count: hidden })}
        </Button>
      )}
    </Flex>
  );
}

/**
 * This run beside the previous one (the latest approved or released run
 * before its period): each person whose pay differs, the largest change
 * first, with the components that moved from before to after. How a payroll
 * officer catches a mistake before approving.
 */
export function Comparison({ runId, currency }: { runId: number; currency: string }) {
  const { t, i18n } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const nameOf = useRunName();
  const locale = findLanguage(i18n.language)?.htmlLang;
  const { result, query } = useCustom<{ data: ComparisonReply }>({ url: payrollPaths.comparison(runId), method: "get" });
  const reply = result.data?.data;
  if (query.isLoading) return <Skeleton active title={false} />;
  if (!reply) return null;
  if (!reply.previous) return <Typography.Paragraph>{t("payrollUi.review.comparison.noPrevious")}</Typography.Paragraph>;
  const { rows, previous } = reply;
  const up = rows.filter((row) => row.change > 0);
  const down = rows.filter((row) => row.change < 0);
  const total = rows.reduce((sum, row) => sum + row.change, 0);

  const columns: TableColumnsType<Row> = [
    {
      key: "person",
      title: t("payrollUi.review.comparison.person"),
      render: (_, row) => (
        <Flex vertical gap={4} align="start">
          <span>{row.user_name}</span>
          {row.previous_net === null && <StateTag tone="info">{t("payrollUi.review.comparison.new")}</StateTag>}
          {leftThisRun(row) && <StateTag tone="warning">{t("payrollUi.review.comparison.left")}</StateTag>}
          {phone && <Change minor={row.change} currency={currency} />}
        </Flex>
      ),
    },
    ...(phone
      ? []
      : ([
          {
            key: "previous",
            title: t("payrollUi.review.comparison.before"),
            align: "right",
            render: (_, row) => (row.previous_net === null ? "—" : formatMoney(row.previous_net, currency, locale)),
          },
          { key: "net", title: t("payrollUi.review.comparison.after"), align: "right", render: (_, row) => (row.net === null ? "—" : formatMoney(row.net, currency, locale)) },
          { key: "change", title: t("payrollUi.review.comparison.change"), align: "right", render: (_, row) => <Change minor={row.change} currency={currency} /> },
        ] satisfies TableColumnsType<Row>)),
    { key: "moved", title: t("payrollUi.review.comparison.moved"), render: (_, row) => <Moved row={row} currency={currency} /> },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>
        {t("payrollUi.review.comparison.against")} <Link to={pagePath("payroll", "show", previous.id)} style={{ textDecoration: "underline" }}>
          {nameOf(previous.name)}
        </Link>
        {". "}
        {t("payrollUi.review.comparison.sorted")}
      </Typography.Paragraph>
      <Figures
        compact
        label={t("payrollUi.review.comparison.summary")}
        items={[
          { key: "changed", label: t("payrollUi.review.comparison.changed"), value: formatCount(rows.length, i18n.language) },
          { key: "up", label: t("payrollUi.review.comparison.upCount"), value: formatCount(up.length, i18n.language) },
          { key: "down", label: t("payrollUi.review.comparison.downCount"), value: formatCount(down.length, i18n.language) },
          { key: "total", label: t("payrollUi.review.comparison.totalChange"), value: signedMoney(total, currency, locale) },
        ]}
      />
      {rows.length === 0 ? (
        <Typography.Paragraph>{t("payrollUi.review.comparison.noChanges")}</Typography.Paragraph>
      ) : (
        <Table<Row>
          size="small"
          rowKey="user_id"
          dataSource={rows}
          columns={columns}
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          // A phone keeps two columns that wrap their words; a wider screen lets the table take its width.
          scroll={phone ? undefined : { x: "max-content" }}
        />
      )}
    </Flex>
  );
}
