import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** One stacked layer: the field it reads from each day, what the legend calls it and its colour. */
export interface BarSeries {
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

export interface StackedDayBarsProps {
  /** One entry a day, in date order: `date` (YYYY-MM-DD) and a count under each series' key. */
  days: readonly ({ date: string } & Record<string, number | string>)[];
  series: readonly BarSeries[];
  height: number;
  /** The axis' short name of a day ("Nov 3"). */
  tickLabel: (date: string) => string;
  /** The tooltip's full name of a day ("Tue, Nov 3"). */
  dayLabel: (date: string) => string;
  count: (value: number) => string;
  look: ChartLook;
}

/**
 * Counts stacked day by day, drawn by recharts. Loaded on its own
 * (React.lazy): recharts is large and only the pages with a chart pay for it.
 * Decorative to assistive technology: the caller offers the same figures as a table.
 */
export default function StackedDayBars({ days, series, height, tickLabel, dayLabel, count, look }: StackedDayBarsProps) {
  const axisText = { fill: look.secondaryText, fontSize: look.fontSize };
  // recharts sorts legend and tooltip by name: keep the series' own order (the states' order) instead.
  const inSeriesOrder = (item: { dataKey?: unknown }) => series.findIndex((layer) => layer.key === item.dataKey);

  return (
    // jsdom measures nothing: the initial size lets tests draw the chart.
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
      {/* No accessibility layer: it makes the drawing a tab stop, and the table says the same. */}
      <BarChart data={days as ({ date: string } & Record<string, number | string>)[]} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={look.grid} />
        <XAxis dataKey="date" tickFormatter={tickLabel} tick={axisText} stroke={look.line} minTickGap={12} />
        <YAxis allowDecimals={false} tickFormatter={count} tick={axisText} stroke={look.line} width={48} />
        <Tooltip
          cursor={{ fill: look.cursor }}
          itemSorter={inSeriesOrder}
          labelFormatter={(date) => dayLabel(String(date))}
          formatter={(value) => count(Number(value))}
          contentStyle={{ background: look.surface, border: `1px solid ${look.grid}`, borderRadius: look.radius, boxShadow: look.shadow }}
          labelStyle={{ color: look.text, fontWeight: look.strongWeight }}
          itemStyle={{ color: look.text }}
        />
        {/* The legend's words in the text colour: a yellow word on white is unreadable, its swatch is not. */}
        <Legend itemSorter={inSeriesOrder} formatter={(label) => <span style={{ color: look.text }}>{label}</span>} />
        {series.map((layer) => (
          <Bar key={layer.key} dataKey={layer.key} name={layer.label} stackId="day" fill={layer.color} isAnimationActive={look.animate} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
