import type { CSSProperties } from "react";

/** Kept from sight but read by screen readers (and taking no room on a phone). */
export const VISUALLY_HIDDEN: CSSProperties = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" };
