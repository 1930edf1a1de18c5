import { Space, Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { VISUALLY_HIDDEN } from "./visuallyHidden";

/** Chips shown before the rest fold into "+N more": a table row stays a row, not a paragraph. */
const SHOWN = 5;

/**
 * A row of chips (a role's permissions) that ends with "+N more" when it is
 * long: the rest show on hover or keyboard focus, and are read out with it.
 */
export function ChipList({ labels, shown = SHOWN }: { labels: readonly string[]; shown?: number }) {
  const { t } = useTranslation();
  // "+1 more" would take the room of the one chip it hides.
  const visible = labels.length > shown + 1 ? labels.slice(0, shown) : labels;
  const rest = labels.slice(visible.length);
  return (
    <Space size={[4, 4]} wrap>
      {visible.map((label) => (
        <Tag key={label}>{label}</Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(", ")} trigger={["hover", "focus"]}>
          <Tag tabIndex={0} style={{ cursor: "default" }} data-testid="chips-more">
            {t("list.moreChips", { count: rest.length })}
            <span style={VISUALLY_HIDDEN}>: {rest.join(", ")}</span>
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}
