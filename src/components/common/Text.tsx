import type { CSSProperties, ReactNode } from "react";
import { theme } from "antd";

/**
 * Plain headings and text in the theme's colours. The signed-out screens use
 * these instead of antd Typography, which brings menus and tooltips along.
 */
export function Heading({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 600, lineHeight: token.lineHeightHeading3, color: token.colorTextHeading, ...style }}>
      {children}
    </h1>
  );
}

/** A Result's title as the page's h1, in the Result's own title style (a whole-page message is what the page is). */
export function ResultTitle({ children }: { children: ReactNode }) {
  return <h1 style={{ font: "inherit", color: "inherit", margin: 0 }}>{children}</h1>;
}

export function Muted({ children, style, testId }: { children: ReactNode; style?: CSSProperties; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <p data-testid={testId} style={{ margin: "0 0 16px", color: token.colorTextSecondary, fontSize: token.fontSize, ...style }}>
      {children}
    </p>
  );
}
