import type { CSSProperties } from "react";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { ClockState } from "../../../contracts/attendance";
import { STATE_COLOURS } from "../../theme/presets";

/** Solid tags (white text at 4.5:1 in both modes): antd's pale status tags read near 2:1. */
const COLOURS: Record<ClockState, string> = { out: STATE_COLOURS.neutral, in: STATE_COLOURS.good, on_break: STATE_COLOURS.warning };

/** Clocked out, clocked in or on a break, as the clock and the overview both show it. */
export function ClockStateTag({ state, style }: { state: ClockState; style?: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[state]} style={style}>
      {t(`attendanceUi.states.${state}`)}
    </Tag>
  );
}
