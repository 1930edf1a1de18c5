import type { ComponentProps } from "react";
import { Typography, theme } from "antd";

type TitleProps = Omit<ComponentProps<typeof Typography.Title>, "level">;

/**
 * A page's one h1, naming it. Drawn at the size of a section title (antd's
 * h1 is poster-sized); the sections under it are h2.
 */
export function PageTitle({ style, ...props }: TitleProps) {
  const { token } = theme.useToken();
  return <Typography.Title level={1} style={{ fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, ...style }} {...props} />;
}

/** A section's title under the page's h1 (a list under a run, a card of figures). */
export function SectionTitle({ style, ...props }: TitleProps) {
  const { token } = theme.useToken();
  return <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4, ...style }} {...props} />;
}
