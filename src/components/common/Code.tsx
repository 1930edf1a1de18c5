import type { ReactNode } from "react";
import { theme } from "antd";

/** Formulas, codes and figures in the theme's monospace face. */
export function useCodeFont(): string {
  return theme.useToken().token.fontFamilyCode;
}

export function Code({ children }: { children: ReactNode }) {
  const font = useCodeFont();
  return <span style={{ fontFamily: font }}>{children}</span>;
}
