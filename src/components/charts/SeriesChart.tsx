import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** One series: the field it reads from each row, what the legend calls it and its colour. */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/**
 * The colours and type of the page around the chart (antd's tokens of the
 * moment, light or dark), handed in: reading them here would import antd into
 * this chunk, and sharing antd's modules with it reshuffles the chunks the
 * sign-in page loads.
 */
export interface ChartLook {
  text: string;
  secondaryText: string;
  line: string;
  grid: string;
  cursor: string;
  surface: string;
  radius: number;
  shadow: string;
  fontSize: number;
  strongWeight: number;
  animate: boolean;
}

/** stacked: one bar a row, series on top of each other; bars: series side by side; lines: one line a series. */
type ChartKind = "stacked" | "bars" | "lines";

export interface SeriesChartProps {
  kind: ChartKind;
  /** One entry per category (a day, a month, a department), in the order drawn. */
  rows: readonly Record<string, unknown>[];
  /** The field naming each row's category. */
  categoryKey: string;
  series: readonly ChartSeries[];
  height: number;
  /** Categories down the side and bars across: long names (departments) stay readable. */
  horizontal?: boolean;
  /** The axis' short name of a category ("Nov 3"). */
  tickLabel: (category: string) => string;
  /** The tooltip's full name of a category ("Tue, Nov 3"). */
  categoryLabel: (category: string) => string;
  /** A value as the axis and tooltip write it (a count, an amount, a percentage). */
  value: (value: number) => string;
  look: ChartLook;
}

/**
 * Figures by category, drawn by recharts. Loaded on its own (React.lazy):
 * recharts is large and only the pages with a chart pay for it.
 * Decorative to assistive technology: the caller offers the same figures as a table.
 */
export default function SeriesChart({ kind, rows, categoryKey, series, height, horizontal = false, tickLabel, categoryLabel, value, look }: SeriesChartProps) {
  const axisText = { fill: look.secondaryText, fontSize: look.fontSize };
  // recharts sorts legend and tooltip by name: keep the series' own order instead.
  const inSeriesOrder = (item: { dataKey?: unknown }) => series.findIndex((layer) => layer.key === item.dataKey);
  const category = (text: unknown) => tickLabel(String(text));
  const categoryAxis = horizontal ? (
    <YAxis type="category" dataKey={categoryKey} tickFormatter={category} tick={axisText} stroke={look.line} width={120} interval={0} />
  ) : (
    <XAxis dataKey={categoryKey} tickFormatter={category} tick={axisText} stroke={look.line} minTickGap={12} />
  );
  const valueAxis = horizontal ? (
    <XAxis type="number" tickFormatter={value} tick={axisText} stroke={look.line} />
  ) : (
    <YAxis allowDecimals={false} tickFormatter={value} tick={axisText} stroke={look.line} width={72} />
  );
  const common = {
    data: rows as Record<string, unknown>[],
    // No accessibility layer: it makes the drawing a tab stop, and the table says the same.
    accessibilityLayer: false,
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
  };
  const furniture = (
    <>
      <CartesianGrid vertical={horizontal} horizontal={!horizontal} stroke={look.grid} />
      {categoryAxis}
      {valueAxis}
      <Tooltip
        cursor={kind === "lines" ? { stroke: look.line } : { fill: look.cursor }}
        itemSorter={inSeriesOrder}
        labelFormatter={(text) => categoryLabel(String(text))}
        formatter={(figure) => value(Number(figure))}
        contentStyle={{ background: look.surface, border: `1px solid ${look.grid}`, borderRadius: look.radius, boxShadow: look.shadow }}
        labelStyle={{ color: look.text, fontWeight: look.strongWeight }}
        itemStyle={{ color: look.text }}
      />
      {/* The legend's words in the text colour: a yellow word on white is unreadable, its swatch is not. */}
      {series.length > 1 && <Legend itemSorter={inSeriesOrder} formatter={(label) => <span style={{ color: look.text }}>{label}</span>} />}
    </>
  );

  return (
    // jsdom measures nothing: the initial size lets tests draw the chart.
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
      {kind === "lines" ? (
        <LineChart {...common}>
          {furniture}
          {series.map((layer) => (
            <Line key={layer.key} dataKey={layer.key} name={layer.label} stroke={layer.color} strokeWidth={2} dot={false} connectNulls={false} isAnimationActive={look.animate} />
          ))}
        </LineChart>
      ) : (
        <BarChart {...common} layout={horizontal ? "vertical" : "horizontal"}>
          {furniture}
          {series.map((layer) => (
            <Bar key={layer.key} dataKey={layer.key} name={layer.label} stackId={kind === "stacked" ? "stack" : undefined} fill={layer.color} isAnimationActive={look.animate} />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
