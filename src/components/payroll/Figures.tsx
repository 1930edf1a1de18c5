import type { ReactNode } from "react";
import { theme } from "antd";
import { Money } from "../common/Money";

export interface Figure {
  key: string;
  label: ReactNode;
  /** An amount in minor units, in the figures' currency… */
  minor?: number;
  /** …or anything else to show (a count, a name). */
  value?: ReactNode;
  /** A line under the value (a date, what it covers). */
  note?: ReactNode;
  /** The figure the others lead to (net pay): framed in the primary colour. */
  strong?: boolean;
}

/**
 * A row of labelled figures (a run's totals, a payslip's), one small card
 * each, wrapping onto as many lines as the width needs: two a line on a
 * phone, all in one on a wide screen. A description list (each card a
 * label and its value), so a screen reader reads them together.
 */
export function Figures({ items, currency, compact = false, label }: { items: Figure[]; currency?: string; compact?: boolean; label?: string }) {
  const { token } = theme.useToken();
  return (
    <dl aria-label={label} style={{ display: "grid", gridTemplateColumns: `repeat(auto-fit, minmax(${compact ? 140 : 150}px, 1fr))`, gap: 12, margin: 0 }}>
      {items.map((item) => (
        <div
          key={item.key}
          data-figure={item.key}
          style={{
            background: token.colorBgContainer,
            border: `1px solid ${item.strong ? token.colorPrimary : token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            padding: compact ? "8px 12px" : "12px 16px",
            minWidth: 0,
          }}
        >
          <dt style={{ color: token.colorTextDescription, fontSize: 13 }}>{item.label}</dt>
          <dd style={{ margin: 0, fontSize: compact ? 16 : 20, fontWeight: 600, overflowWrap: "anywhere", fontVariantNumeric: "tabular-nums", color: token.colorText }}>
            {item.minor !== undefined ? <Money minor={item.minor} currency={currency} /> : item.value}
          </dd>
          {item.note && <dd style={{ margin: 0, color: token.colorTextDescription, fontSize: 12, overflowWrap: "anywhere" }}>{item.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
