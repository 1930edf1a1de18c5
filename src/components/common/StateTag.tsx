import type { CSSProperties, ReactNode } from "react";
import { Tag } from "antd";
import { STATE_COLOURS } from "../../theme/presets";

export type StateTone = keyof typeof STATE_COLOURS;

/**
 * A state shown as a tag in a solid colour of its tone (white text reads at
 * 4.5:1 or more in both modes): every status tag of the app, so none falls
 * back to antd's pale presets, which read near 3:1.
 */
export function StateTag({ tone, children, style }: { tone: StateTone; children: ReactNode; style?: CSSProperties }) {
  return (
    <Tag color={STATE_COLOURS[tone]} style={style}>
      {children}
    </Tag>
  );
}
