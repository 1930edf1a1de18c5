import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Button, Card, Skeleton, Table, theme, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { VISUALLY_HIDDEN } from "../common/visuallyHidden";
import { FiguresTable } from "./FiguresTable";
import { useReducedMotion } from "../../theme/useReducedMotion";
import type { ChartLook, SeriesChartProps } from "./SeriesChart";

/** The charting code (the heaviest of a dashboard): a card asks for it as it opens, beside its page's data. */
const loadSeriesChart = () => import("./SeriesChart");
const SeriesChart = lazy(loadSeriesChart);

const HEIGHT = 280;

/** The page's look of the moment (light or dark, antd's tokens) as the chart draws with it. */
function useChartLook(): ChartLook {
  const { token } = theme.useToken();
  const animate = !useReducedMotion();
  return {
    text: token.colorText,
    secondaryText: token.colorTextSecondary,
    line: token.colorBorder,
    grid: token.colorBorderSecondary,
    cursor: token.colorFillTertiary,
    surface: token.colorBgElevated,
    radius: token.borderRadius,
    shadow: token.boxShadowSecondary,
    fontSize: token.fontSizeSM,
    strongWeight: token.fontWeightStrong,
    animate,
  };
}

interface ChartCardProps<Row extends object> {
  title: ReactNode;
  /** Said to screen readers before the table: what the figures are, over which days. */
  caption: string;
  rows: readonly Row[] | undefined;
  loading?: boolean;
  /** How to draw the rows: everything SeriesChart takes but the rows and the look. */
  chart: Omit<SeriesChartProps, "rows" | "look" | "height">;
  /** The same figures as the table's columns. */
  columns: ColumnsType<Row>;
  /** What the card says when there are no rows. */
  empty?: string;
  height?: number;
}

/**
 * A chart with its figures as a table: read to screen readers under the
 * chart, and shown instead of it at the press of a button. The drawing
 * follows the theme's colours and the reader's number and date formats.
 */
export function ChartCard<Row extends object>({ title, caption, rows, loading = false, chart, columns, empty, height = HEIGHT }: ChartCardProps<Row>) {
  const { t } = useTranslation();
  const look = useChartLook();
  const [asTable, setAsTable] = useState(false);
  // Fetched while the figures are asked for, not once they have come (it is a file of its own).
  useEffect(() => void loadSeriesChart().catch(() => undefined), []);
  const data = rows ?? [];
  const emptyText = <Typography.Text type="secondary">{empty ?? t("charts.empty")}</Typography.Text>;
  const nothing = !loading && data.length === 0;
  const rowKey = (row: Row) => String((row as Record<string, unknown>)[chart.categoryKey]);

  return (
    <Card
      title={title}
      extra={
        !nothing && (
          <Button size="small" onClick={() => setAsTable((shown) => !shown)}>
            {t(asTable ? "charts.showChart" : "charts.showTable")}
          </Button>
        )
      }
    >
      {!asTable && (
        // Nothing to draw takes no more room than its words.
        // The drawing is for the eye (its figures are the table's); the words for no figures are for everyone.
        <div aria-hidden={nothing ? undefined : true} style={nothing ? undefined : { height }}>
          {loading ? (
            <Skeleton active paragraph={{ rows: 6 }} title={false} />
          ) : data.length === 0 ? (
            emptyText
          ) : (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} title={false} />}>
              <SeriesChart {...chart} rows={data as Record<string, unknown>[]} height={height} look={look} />
            </Suspense>
          )}
        </div>
      )}
      {asTable ? (
        <Table<Row>
          caption={<span style={VISUALLY_HIDDEN}>{caption}</span>}
          rowKey={rowKey}
          size="small"
          pagination={false}
          loading={loading}
          dataSource={data as Row[]}
          scroll={{ x: "max-content" }}
          // antd's empty-table picture writes in too faint a grey for 4.5:1.
          locale={{ emptyText }}
          columns={columns}
        />
      ) : (
        !loading && data.length > 0 && <FiguresTable caption={caption} rows={data} columns={columns} rowKey={rowKey} style={VISUALLY_HIDDEN} />
      )}
    </Card>
  );
}
