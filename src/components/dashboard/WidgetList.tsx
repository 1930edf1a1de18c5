import type { ReactNode } from "react";
import { Flex, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../i18n/numbers";

/** A widget's rows as a list a screen reader announces with its length. */
export function WidgetList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" }}>
      {children}
    </ul>
  );
}

/**
 * One row: what it is (a link on), a tag, a line of who or where, and the
 * details under it; wraps onto more lines on a phone rather than cutting text.
 */
export function WidgetRow({ title, tag, meta, aside, children }: { title: ReactNode; tag?: ReactNode; meta?: ReactNode; aside?: ReactNode; children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <li style={{ padding: "10px 0", borderTop: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex justify="space-between" align="flex-start" gap={8} wrap>
        <div style={{ minWidth: 0, flex: "1 1 180px" }}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong style={{ overflowWrap: "anywhere" }}>
              {title}
            </Typography.Text>
            {tag}
          </Flex>
          {meta && (
            <Typography.Text type="secondary" style={{ display: "block", fontSize: token.fontSizeSM }}>
              {meta}
            </Typography.Text>
          )}
          {children && <div style={{ color: token.colorText, overflowWrap: "anywhere" }}>{children}</div>}
        </div>
        {aside}
      </Flex>
    </li>
  );
}

/** "10 of 24 shown" under a capped list; nothing when every row is there. */
export function ListFooter({ shown, total }: { shown: number; total: number }) {
  const { t, i18n } = useTranslation();
  if (total <= shown) return null;
  return (
    <Typography.Text type="secondary" data-testid="widget-more">
      {t("dashboardWidgets.shown", { shown: formatCount(shown, i18n.language), total: formatCount(total, i18n.language) })}
    </Typography.Text>
  );
}

/**
 * A widget's capped list: its words when there is nothing, else the rows,
 * then how many of the total are shown.
 */
export function CappedList<T>({ items, total, label, empty, children }: { items: readonly T[]; total: number; label: string; empty: string; children: (item: T) => ReactNode }) {
  return (
    <>
      {items.length === 0 ? <Typography.Text type="secondary">{empty}</Typography.Text> : <WidgetList label={label}>{items.map(children)}</WidgetList>}
      <ListFooter shown={items.length} total={total} />
    </>
  );
}
