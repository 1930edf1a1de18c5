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

const MAIN_CONTENT = "main-content";

/** First in the tab order: past the menu and the header to the page itself. */
function SkipToContent() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT}`}
      onClick={(event) => {
        // Focus the page without putting a hash in the address the router owns.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT)?.focus();
      }}
    >
      {t("header.skipToContent")}
    </a>
  );
}

/** The signed-in shell: menu of what the user may open, header controls (saved with the account), the routed page. */
export function AppLayout() {
  return (
    <PreferencesSync>
      <SkipToContent />
      <ThemedLayout
        Header={AppHeader}
        Title={AppTitle}
        Footer={AppFooter}
        // Signing out lives in the user menu, behind a confirmation. Headings start
        // open: every page one may use is in sight, as before there were headings.
        Sider={(props) => <ThemedSider {...props} siderItemsAreCollapsed={false} render={({ items }) => items} />}
      >
        <div id={MAIN_CONTENT} tabIndex={-1} style={{ outline: "none" }}>
          <Outlet />
        </div>
      </ThemedLayout>
    </PreferencesSync>
  );
}
