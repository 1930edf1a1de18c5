import type { ReactNode } from "react";
import { Button, Flex, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import type { BulkSelection } from "./useBulkSelection";

/** "N selected", a clear button and the page's bulk actions; hidden while nothing is selected. */
export function BulkBar({ selection, children }: { selection: BulkSelection; children?: (selection: BulkSelection) => ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (!selection.ids.length) return null;
  // i18next plurals (selected_one/_other): "1 ligne sélectionnée", "2 lignes sélectionnées". Japanese and
  // Chinese carry both forms with one text, so whichever rule the codes jp/cn resolve to finds its words.
  const label = t("list.bulk.selected", { count: selection.ids.length });
  return (
    <Flex
      role="region"
      aria-label={t("list.bulk.label")}
      align="center"
      gap={12}
      wrap
      style={{ padding: "8px 12px", marginBottom: 12, borderRadius: token.borderRadius, background: token.colorPrimaryBg }}
    >
      <Typography.Text strong data-testid="bulk-count">
        {label}
      </Typography.Text>
      <Button size="small" type="link" onClick={selection.clear}>
        {t("list.bulk.clear")}
      </Button>
      {children?.(selection)}
    </Flex>
  );
}
