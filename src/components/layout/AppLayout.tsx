import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { ThemedLayout, ThemedSider } from "@refinedev/antd";
import { Flex, Layout, Space, Typography, theme } from "antd";
import { BrandMark } from "../common/Brand";
import { CopyrightFooter } from "../common/Footer";
import { LanguageSelect } from "./LanguageSelect";
import { DarkModeSwitch } from "./DarkModeSwitch";
import { PresetSelect } from "./PresetSelect";
import { PreferencesSync } from "./PreferencesSync";
import { UserMenu } from "./UserMenu";

function AppTitle({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Space>
      <BrandMark size={28} />
      {!collapsed && (
        <Typography.Text strong style={{ fontSize: 16 }}>
          {t("app.name")}
        </Typography.Text>
      )}
    </Space>
  );
}

function AppHeader() {
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        display: "flex",
        justifyContent: "flex-end",
        alignItems: "center",
        gap: 16,
        padding: "0 24px",
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: "sticky",
        top: 0,
        zIndex: 10,
      }}
    >
      <LanguageSelect />
      <PresetSelect />
      <DarkModeSwitch />
      <UserMenu />
    </Layout.Header>
  );
}

function AppFooter() {
  return (
    <Flex justify="center" style={{ padding: 16 }}>
      <CopyrightFooter />
    </Flex>
  );
}

/** The signed-in shell: menu of what the user may open, header controls (saved with the account), the routed page. */
export function AppLayout() {
  return (
    <PreferencesSync>
      <ThemedLayout
        Header={AppHeader}
        Title={AppTitle}
        Footer={AppFooter}
        // Signing out lives in the user menu, behind a confirmation. Headings start
        // open: every page one may use is in sight, as before there were headings.
        Sider={(props) => <ThemedSider {...props} siderItemsAreCollapsed={false} render={({ items }) => items} />}
      >
        <Outlet />
      </ThemedLayout>
    </PreferencesSync>
  );
}
