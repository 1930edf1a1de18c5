import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { ClockState } from "../../../contracts/attendance";
import { StateTag, type StateTone } from "../common/StateTag";

const TONES: Record<ClockState, StateTone> = { out: "neutral", in: "good", on_break: "warning" };

/** Clocked out, clocked in or on a break, as the clock and the overview both show it. */
export function ClockStateTag({ state, style }: { state: ClockState; style?: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <StateTag tone={TONES[state]} style={style}>
      {t(`attendanceUi.states.${state}`)}
    </StateTag>
  );
}
