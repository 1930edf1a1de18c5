import type { ReactNode } from "react";
import { Flex, Layout, theme } from "antd";
import { CopyrightFooter } from "../common/Footer";
import { Heading, Muted } from "../common/Text";
import { ShellHeader } from "../layout/ShellHeader";

/** The frame of every signed-out screen: brand, language and theme controls, one card, the footer. */
export function AuthShell({ title, subtitle, children }: { title?: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: "100vh", background: token.colorBgLayout }}>
      <ShellHeader />
      <Flex flex={1} justify="center" align="center" style={{ padding: 16 }}>
        <main
          style={{
            width: "100%",
            maxWidth: 440,
            padding: 32,
            background: token.colorBgContainer,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
            boxSizing: "border-box",
          }}
        >
          {title && <Heading style={{ marginBottom: subtitle ? 4 : 24 }}>{title}</Heading>}
          {subtitle && <Muted style={{ marginBottom: 24 }}>{subtitle}</Muted>}
          {children}
        </main>
      </Flex>
      <Flex component="footer" justify="center" style={{ padding: 16 }}>
        <CopyrightFooter />
      </Flex>
    </Layout>
  );
}
